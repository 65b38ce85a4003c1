import Foundation
import PseudoTerminal

/// `sayline run` beside a plain python3 program that does the same arithmetic on the demo's
/// weight and rating and prints the same lines for the same million-line script (checked byte
/// for byte), run in turns so both see the same machine.
enum ScriptPeer {
    static let mix = ["inc", "inc", "dec", "next", "inc", "dec", "prev", "inc"]

    static let program = #"""
    import sys
    def fmt(v):
        return ("%.1f" % v).rstrip("0").rstrip(".")
    weight, rating, focus = 62.0, 0, 0
    out = []
    for line in open(sys.argv[1]):
        c = line.strip()
        if c == "inc" or c == "dec":
            d = 1 if c == "inc" else -1
            if focus == 0:
                nv = min(max(weight + 0.5 * d, 40), 120)
                if nv == weight:
                    out.append("maximum" if d > 0 else "minimum")
                else:
                    weight = nv
                    out.append(fmt(weight) + " kilograms" + (" max" if weight == 120 else " min" if weight == 40 else ""))
            else:
                nv = min(max(rating + d, 0), 10)
                if nv == rating:
                    out.append("maximum" if d > 0 else "minimum")
                else:
                    rating = nv
                    out.append("%d out of 10 stars" % rating + (" max" if rating == 10 else " min" if rating == 0 else ""))
        elif c == "next" or c == "prev":
            focus = 1 - focus
            out.append("Weight, " + fmt(weight) + " kilograms" if focus == 0 else "Rating, %d out of 10 stars" % rating)
        if len(out) >= 4096:
            sys.stdout.write("\n".join(out) + "\n")
            out.clear()
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    """#

    /// Commands a second for each, interleaved `runs` times, or nil when python3 is missing or
    /// the outputs differ (then the comparison would mean nothing).
    static func compare(commands count: Int, runs: Int) -> (sayline: Figure, peer: Figure)? {
        let script = Workloads.folder + "/peer-\(count).say"
        let peer = Workloads.folder + "/peer.py"
        try? (0..<count).map { mix[$0 % mix.count] + "\n" }.joined().write(toFile: script, atomically: true, encoding: .utf8)
        try? program.write(toFile: peer, atomically: true, encoding: .utf8)
        guard let ours = try? runPiped(["run", script], input: "", quietSeconds: 600),
              let theirs = try? runPiped(["python3", peer, script], input: "", executable: "/usr/bin/env", quietSeconds: 600),
              theirs.status == 0, ours.stdout == theirs.stdout else { return nil }
        var saylineRates: [Double] = [], peerRates: [Double] = []
        for _ in 0..<runs {
            saylineRates.append(Double(count) / Workloads.timeBinary(["run", script]))
            let began = now()
            _ = try? runPiped(["python3", peer, script], input: "", executable: "/usr/bin/env", quietSeconds: 600, keepingOutput: false)
            peerRates.append(Double(count) / (now() - began))
        }
        func figure(_ name: String, _ samples: [Double]) -> Figure {
            let sorted = samples.sorted()
            return Figure(name: name, median: sorted[sorted.count / 2], min: sorted.first ?? 0, max: sorted.last ?? 0, unit: "commands/s")
        }
        return (figure("script: sayline run, \(count) commands beside the python3 peer", saylineRates),
                figure("script: python3 peer, the same \(count) commands, the same output", peerRates))
    }
}
