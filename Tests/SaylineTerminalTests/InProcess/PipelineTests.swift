import Glibc
import Testing
import SaylineCore
import PseudoTerminal
@testable import SaylineSystem
@testable import SaylineCommandLine
@testable import SaylineOutputs

/// The reply pipeline, in process: what each output receives, in the order the pipeline holds
/// them, with a recording display at the end.
@Suite struct PipelineTests {
    let scene = #"{"controls": [{"kind": "ruler", "id": "w", "label": "Weight", "min": 0, "max": 10, "value": 5}]}"#

    private func document(_ folder: ScratchFolder) throws -> SceneDocument {
        let path = try folder.file("scene.json", scene)
        return try SceneFile.document(path).get()
    }

    @Test func aSaveIsMadeAndSaidBeforeTheDisplayHearsTheReply() throws {
        let folder = try ScratchFolder()
        let document = try document(folder)
        let keeper = SceneKeeper(document)
        let display = RecordingOutput()
        let pipeline = ReplyPipeline([keeper, display])
        var session = Session(elements: document.scene.elements)
        for line in ["inc", "save"] {
            pipeline.deliver(OutgoingReply(session.perform(line: line), elements: session.elements, focused: session.focused, now: 0))
        }
        #expect(display.spoken.count == 2)
        #expect(display.spoken.last?.hasPrefix("Saved") == true, "\(display.spoken)")
        #expect(display.received.last?.saves.map(\.outcome.succeeded) == [true])
        #expect(folder.read("scene.json")?.contains(#""value": 6"#) == true)
    }

    @Test func thePacerHoldsARunOfChangesAndSpeaksWhereItSettles() throws {
        let display = RecordingOutput()
        let pipeline = ReplyPipeline([PacedSpeech(settleInterval: 0.3), display])
        var session = Session(elements: DemoScene.elements)
        for (index, line) in ["inc", "inc", "inc"].enumerated() {
            pipeline.deliver(OutgoingReply(session.perform(line: line), elements: session.elements, focused: session.focused, now: Double(index) * 0.05))
        }
        let heardAtOnce = display.spoken
        #expect(pipeline.deadline(now: 0.1) != nil)
        pipeline.tick(now: 1)
        // The first change is said at once; the rest of the run only as the value it settled on.
        #expect(heardAtOnce.count == 1, "\(heardAtOnce)")
        #expect(display.spoken.last == "63.5 kilograms", "\(display.spoken)")
        #expect(display.received.last?.fromSession == false)
    }

    @Test func aFailingChangeCommandIsReportedToTheOutputsAfterIt() throws {
        let hooks = try #require(ChangeCommands(command: "false", settle: 0, inOrder: true))
        let display = RecordingOutput()
        let pipeline = ReplyPipeline([hooks, display])
        var session = Session(elements: DemoScene.elements)
        pipeline.deliver(OutgoingReply(session.perform(line: "inc"), elements: session.elements, focused: session.focused, now: 0))
        #expect(display.received.first?.moved.map(\.identity.id) == ["weight"])
        var waited = 0
        while display.messages.isEmpty && waited < 200 {
            pipeline.tick(now: .infinity)
            usleep(10_000)
            waited += 1
        }
        #expect(display.messages.count == 1)
        #expect(display.messages.first?.contains("exited with status 1") == true, "\(display.messages)")
    }

    @Test func helpIsSpokenAsReferenceLinesThatThePacerNeverHolds() {
        let display = RecordingOutput()
        var session = Session(elements: DemoScene.elements)
        let pipeline = ReplyPipeline([PacedSpeech(settleInterval: 0.3), display])
        pipeline.deliver(OutgoingReply(session.perform(line: "inc"), elements: session.elements, focused: session.focused, now: 0))
        pipeline.deliver(OutgoingReply(session.perform(line: "help"), elements: session.elements, focused: session.focused, now: 0.01))
        #expect(display.received.last?.spoken.count == 4)
        #expect(display.received.last?.spoken.allSatisfy { $0.kind == .reference } == true)
        #expect(display.spoken.last?.hasPrefix("For more, type help keys") == true)
    }

    /// The end of a session goes through every output in order: the value the pacer held is
    /// said first, the change command of the last value is run and waited for, unsaved changes
    /// from a pipe are said, the event stream ends with `quit`, and every output lets go.
    @Test func theEndGoesThroughEveryOutputAndEachSaysItsLast() throws {
        let folder = try ScratchFolder()
        let document = try document(folder)
        let ran = folder.path + "/ran"
        let hooks = try #require(ChangeCommands(command: "sh -c 'echo \"$SAYLINE_VALUE\" > \(ran)'", settle: 10, inOrder: true))
        let events = try EventStream.open(folder.path + "/events.jsonl", settle: 10).get()
        let display = RecordingOutput()
        let pipeline = ReplyPipeline([SceneKeeper(document), PacedSpeech(settleInterval: 10), hooks, events, display])
        var session = Session(elements: document.scene.elements)
        for line in ["inc", "inc"] {
            pipeline.deliver(OutgoingReply(session.perform(line: line), elements: session.elements, focused: session.focused, now: 0))
        }
        #expect(display.spoken == ["6"], "the second change is held: \(display.spoken)")
        let ending = pipeline.finish(SessionEnding(elements: session.elements, focused: session.focused, autosave: false,
                                                   dropsUnsaved: true, askedToEnd: false, now: 1))
        #expect(display.spoken == ["6", "7"], "the held value is said at the end: \(display.spoken)")
        #expect(folder.read("ran") == "7\n")
        #expect(ending.problems.count == 1 && ending.problems[0].contains("not saved"), "\(ending.problems)")
        #expect(!ending.failed && ending.status(0) == 0)
        #expect(display.ending?.problems == ending.problems && display.closed)
        let lastEvent = (folder.read("events.jsonl") ?? "").split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastEvent.contains(#""event":"quit""#), "\(lastEvent)")
    }

    /// An output that waits on a descriptor tells the loop through the pipeline: what it
    /// watches is polled with the keyboard, and what comes back is its commands, in order; an
    /// output that watches nothing is not asked.
    @Test func aWatchedDescriptorIsPolledAndItsCommandsComeBack() throws {
        final class KeysOutput: ReplyOutput {
            let descriptor: Int32
            init(_ descriptor: Int32) { self.descriptor = descriptor }
            func receive(_ reply: inout OutgoingReply) {}
            var watchedDescriptor: (descriptor: Int32, events: Int16)? { (descriptor, Int16(POLLIN)) }
            func descriptorReady(_ events: Int16, now: Double) -> [Command?] {
                var byte: UInt8 = 0
                return read(descriptor, &byte, 1) == 1 ? [byte == UInt8(ascii: "+") ? .increment(1) : nil] : []
            }
        }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let pipeline = ReplyPipeline([RecordingOutput(), KeysOutput(ends[0])])
        var polled = pipeline.watchedDescriptors()
        #expect(polled.map(\.fd) == [ends[0]])
        #expect(poll(&polled, nfds_t(polled.count), 0) == 0, "nothing to read yet")
        #expect(write(ends[1], "+", 1) == 1)
        #expect(poll(&polled, nfds_t(polled.count), 1_000) == 1)
        #expect(pipeline.descriptorsReady(polled[...], now: 0) == [.increment(1)])
    }
}
