import SaylineSession
import SaylineSystem
import SaylineLineEditor
import SaylineOutputs

/// What the loop does for each signal that came: SIGINT, SIGTSTP, SIGWINCH, and those that end it.
extension InteractiveLoop {
    func handleSignals() {
        if Signals.terminated != 0 {
            exitStatus = 128 + Int32(Signals.terminated)
            running = false
            return
        }
        if signals.contains(.interrupted) {
            signals.remove(.interrupted)
            // Picking, Ctrl-C cancels, as in any prompt a shell script runs.
            if pick != nil { return interruptKey() }
            // Ctrl-C stops what moves and clears the line; it does not quit.
            let stopped = session.stopTour()
            nextTourStep = nil
            display.stopMotion()
            editor.clearLine()
            show(stopped)
        }
        if signals.contains(.suspended) {
            signals.remove(.suspended)
            // Ctrl-Z: the terminal goes back to the shell as it was found, the process stops;
            // on `fg` the outputs take the terminal and the braille display again.
            pipeline.suspend()
            Signals.stopProcess()
            pipeline.resume()
        }
        if signals.contains(.resized) {
            signals.remove(.resized)
            display.resize(width: Self.terminalWidth())
        }
    }
}
