// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Sayline",
    products: [
        .executable(name: "sayline", targets: ["sayline"]),
        .library(name: "SaylineCore", targets: ["SaylineCore"]),
    ],
    targets: [
        // The model, in layers that depend only downwards (Docs/architecture.md). No I/O.
        // Numbers as text, the sanitiser, terminal cells, JSON.
        .target(name: "SaylineText", dependencies: ["CPhrasebookSlot"], path: "Sources/Core/SaylineText"),
        // The scale, the three controls, their motion and drawing.
        .target(name: "SaylineControls", dependencies: ["SaylineText", "CoreMath"], path: "Sources/Core/SaylineControls"),
        // Sessions, the command table, announcements and speech pacing, and the tones of values.
        .target(name: "SaylineSession", dependencies: ["SaylineText", "SaylineControls", "CoreMath"], path: "Sources/Core/SaylineSession"),
        // Scene files and scripts.
        .target(name: "SaylineScene", dependencies: ["SaylineText", "SaylineControls", "SaylineSession"], path: "Sources/Core/SaylineScene"),
        // Audit rules, the auditor and its reports.
        .target(name: "SaylineAudit", dependencies: ["SaylineText", "SaylineControls", "SaylineSession", "SaylineScene"], path: "Sources/Core/SaylineAudit"),
        // All of the above as one import, for programs outside the package (the bench, the docs
        // and the tests use it too); the terminal layer imports the layers it uses.
        .target(name: "SaylineCore", dependencies: ["SaylineText", "SaylineControls", "SaylineSession", "SaylineScene", "SaylineAudit"], path: "Sources/Core/SaylineCore"),
        // The phrasebook in use on each thread (a C thread-local: no concurrency runtime linked).
        .target(name: "CPhrasebookSlot", path: "Sources/C/CPhrasebookSlot"),
        // exp, sin and cos from libm, so the core needs no Foundation.
        .target(name: "CoreMath", path: "Sources/C/CoreMath", linkerSettings: [.linkedLibrary("m")]),
        // GNU readline, linked from the system. Linking it makes distributed binaries GPL-3.0.
        .systemLibrary(name: "CReadline", path: "Sources/C/CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // System calls the Glibc module leaves out (extended attributes).
        .systemLibrary(name: "CSystem", path: "Sources/C/CSystem"),
        // BrlAPI, BRLTTY's client library, for a braille display (LGPL-2.1).
        .systemLibrary(name: "CBrailleAPI", path: "Sources/C/CBrailleAPI", providers: [.apt(["libbrlapi-dev"])]),
        // liblouis, for contracted braille (LGPL-2.1).
        .systemLibrary(name: "CLiblouis", path: "Sources/C/CLiblouis", providers: [.apt(["liblouis-dev"])]),
        // The message catalogs, LL.po, compiled by msgfmt with each build (GNU gettext's package).
        .plugin(name: "CompileCatalogs", capability: .buildTool(), path: "Sources/Plugins/CompileCatalogs"),
        .target(name: "SaylineCatalogs", path: "Sources/Catalogs", exclude: ["sayline.pot", "pseudo.sed", "update-catalogs.sh"], plugins: ["CompileCatalogs"]),
        // The terminal layer, in modules that depend only downwards (Docs/architecture.md); each
        // names the modules its files import.
        // System calls and files: reading, writing and keeping files, signals, child processes.
        .target(name: "SaylineSystem", dependencies: ["SaylineText", "CSystem"], path: "Sources/Terminal/SaylineSystem"),
        // GNU readline behind one bridge, the history file, the keyboard's bytes as text.
        .target(name: "SaylineLineEditor", dependencies: ["SaylineText", "SaylineSession", "SaylineSystem", "CSystem", "CReadline"], path: "Sources/Terminal/SaylineLineEditor"),
        // The command line's tables and parser, the settings and the preferences file.
        .target(name: "SaylineCommandLine", dependencies: ["SaylineText", "SaylineControls", "SaylineSession", "SaylineScene", "SaylineAudit", "SaylineSystem", "SaylineCatalogs"], path: "Sources/Terminal/SaylineCommandLine"),
        // Where a reply goes: the screen, speech, the event stream, change commands, saving.
        .target(name: "SaylineOutputs", dependencies: ["SaylineText", "SaylineControls", "SaylineSession", "SaylineScene", "SaylineAudit",
                                                       "SaylineSystem", "SaylineLineEditor", "SaylineCommandLine", "CBrailleAPI", "CLiblouis"], path: "Sources/Terminal/SaylineOutputs"),
        // The accessibility bus (AT-SPI over D-Bus, spoken by a client of the wire protocol of its
        // own): running applications' sliders as a source of controls beside the scene file.
        .target(name: "SaylineAccessibilityBus", dependencies: ["SaylineText", "SaylineControls", "SaylineSystem"], path: "Sources/Terminal/SaylineAccessibilityBus"),
        // The interactive loop and the line reader, and the one way out of a session.
        .target(name: "SaylineInteractive", dependencies: ["SaylineText", "SaylineControls", "SaylineSession", "SaylineScene", "SaylineSystem",
                                                           "SaylineLineEditor", "SaylineCommandLine", "SaylineOutputs"], path: "Sources/Terminal/SaylineInteractive"),
        // The program: the subcommands, the command-line table and the docs made from it.
        .target(name: "SaylineProgram", dependencies: ["SaylineText", "SaylineControls", "SaylineSession", "SaylineScene", "SaylineAudit",
                                                        "SaylineSystem", "SaylineLineEditor", "SaylineCommandLine", "SaylineOutputs", "SaylineInteractive", "SaylineCatalogs", "SaylineAccessibilityBus"], path: "Sources/Terminal/SaylineProgram"),
        // A fully static executable: resolving symbols in shared libraries was most of start-up
        // (Docs/performance.md). readline needs tinfo after it, hence the group.
        // What the static executable links instead of glibc's functions that need shared
        // libraries at run time (passwd entries, dlopen), and instead of the Swift runtime's
        // search of /proc/self/maps for the command line and its crash backtracer's start-up
        // search for a helper program that is never there; the executable alone links it.
        // Its debug information in DWARF 4: valgrind 3.19, which writes startup.order, gives up
        // on the DWARF 5 forms clang writes for C by default.
        .target(name: "CStaticExecutable", path: "Sources/C/CStaticExecutable", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // In a release build the functions a session runs before its first prompt are laid side
        // by side (gold's section order; see the end of this file).
        .executableTarget(name: "sayline", dependencies: ["SaylineProgram", "CStaticExecutable"], path: "Sources/Programs/sayline", exclude: ["startup.order"],
                          linkerSettings: [.unsafeFlags(["-static-executable", "-Xlinker", "--start-group", "-Xlinker", "-lreadline", "-Xlinker", "-ltinfo", "-Xlinker", "--end-group"]),
                                           .unsafeFlags(["-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/Sources/Programs/sayline/startup.order"], .when(configuration: .release))]),
        // Figures for Docs/performance.md: `swift run -c release sayline-bench`.
        .executableTarget(name: "sayline-bench", dependencies: ["SaylineCore", "SaylineCatalogs", "PseudoTerminal"], path: "Sources/Programs/sayline-bench"),
        // Rewrites the docs generated from the command table: `swift run sayline-docs`.
        .executableTarget(name: "sayline-docs", dependencies: ["SaylineCore", "SaylineProgram"], path: "Sources/Programs/sayline-docs"),
        // Runs the built binary in a pseudo-terminal, for the end-to-end tests and the benchmark.
        .target(name: "PseudoTerminal", path: "Sources/Testing/PseudoTerminal"),
        .testTarget(name: "SaylineCoreTests", dependencies: ["SaylineCore", "SaylineText", "SaylineControls", "SaylineSession", "SaylineScene", "SaylineAudit", "PseudoTerminal"], exclude: ["Fixtures"]),
        .testTarget(name: "SaylineTerminalTests", dependencies: ["SaylineCore", "SaylineSystem", "SaylineAccessibilityBus", "SaylineCatalogs", "SaylineLineEditor", "SaylineCommandLine", "SaylineOutputs", "SaylineInteractive", "SaylineProgram", "PseudoTerminal"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// Each function of the release executable in a section of its own, so that the linker can lay
// the ones a session runs before its first prompt side by side, in the order that
// Sources/Programs/sayline/startup.order gives (written by `sayline-bench --write-startup-order`). Spread
// over the text of a 19 MB executable, many of the pages they touched were a page fault of
// their own (Docs/performance.md). The order names functions by their symbols: one renamed since stays
// where it was, so a stale order costs speed, never correctness.
//
// And in every build, the metadata of a generic type the code names (an array of KeySpec, a
// Result of Options) is asked of its accessor, with the witness tables the compiler already
// knows, rather than found by its mangled name: the runtime parsed that name at the first use
// of each type and looked each conformance up by scanning all 2,000 of the program's, which was
// 22 % of the instructions of a start (Docs/performance.md).
for target in package.targets where target.type != .test && (target.name.hasPrefix("Sayline") || target.name == "sayline") {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
        // A member of an extension is found only in a file that imports the extension's module,
        // so each file's imports name every module it uses (SE-0444).
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
