// The core as one import for programs outside the package, the benchmark, the docs generator
// and the tests (the terminal layer imports the layers it uses). Its layers are
// modules of their own, so a dependency that points upwards does not compile:
//
//   SaylineAudit     rules, the auditor, reports
//   SaylineScene     scene files and scripts
//   SaylineSession   sessions, commands, announcements and speech pacing
//   SaylineControls  the scale, the three controls, their motion and drawing
//   SaylineText      numbers as text, the sanitiser, terminal cells, JSON
//
// None of them does I/O or reads process state: the terminal layer passes in what it found.
@_exported import SaylineText
@_exported import SaylineControls
@_exported import SaylineSession
@_exported import SaylineScene
@_exported import SaylineAudit
