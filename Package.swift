// swift-tools-version: 6.2
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
  name: "ResponderKit",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ResponderKit", targets: ["ResponderKit"]),
    .library(name: "XKBKeyboard", targets: ["XKBKeyboard"]),
    .library(name: "TerminalHost", targets: ["TerminalHost"]),
    .library(name: "EventReplay", targets: ["EventReplay"]),
  ],
  targets: [
    // The pure core: responders, actions, controls, drawing. No I/O, no C.
    .target(name: "ResponderKit", swiftSettings: strict),

    // libxkbcommon, found with pkg-config.
    .systemLibrary(
      name: "CXKBCommon",
      pkgConfig: "xkbcommon",
      providers: [.apt(["libxkbcommon-dev"])]
    ),
    // xkbcommon's log callback is printf-style; it must be written in C.
    .target(name: "CXKBCommonShims", dependencies: ["CXKBCommon"]),
    .target(
      name: "XKBKeyboard",
      dependencies: ["ResponderKit", "CXKBCommon", "CXKBCommonShims"],
      swiftSettings: strict
    ),

    // <sys/epoll.h>, which Swift's Glibc module leaves out: the host's terminal input source.
    .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
    .target(
      name: "TerminalHost",
      dependencies: ["ResponderKit", "XKBKeyboard", "CEpoll"],
      swiftSettings: strict
    ),
    .target(
      name: "EventReplay",
      dependencies: ["ResponderKit", "XKBKeyboard", "TerminalHost"],
      swiftSettings: strict
    ),

    // CMalloc (glibc's mallinfo2) lets the text tests bound the heap a large paste takes.
    // Scratch folders that remove themselves, for every test target.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),

    .testTarget(
      name: "ResponderKitTests", dependencies: ["ResponderKit", "CMalloc", "TestSupport"],
      exclude: ["TraceGolden"],
      swiftSettings: strict),
    .testTarget(
      name: "XKBKeyboardTests",
      dependencies: ["XKBKeyboard", "ResponderKit", "TestSupport"],
      swiftSettings: strict
    ),
    // libvterm (Debian libvterm-dev), the emulator neovim embeds, behind a small C driver: the
    // independent terminal the renderer's differential test and fuzz target check frames with.
    .target(name: "CVTermOracle", path: "Tests/VTermOracle", linkerSettings: [.linkedLibrary("vterm")]),
    // Seeded random frame sequences rendered and compared cell by cell with libvterm's screen.
    .target(
      name: "RendererOracle", dependencies: ["TerminalHost", "ResponderKit", "CVTermOracle"],
      path: "Tests/RendererOracle", swiftSettings: strict),

    .testTarget(
      name: "TerminalHostTests",
      dependencies: [
        "TerminalHost", "ResponderKit", "XKBKeyboard", "InputParserFuzzer", "TestSupport", "RendererOracle",
      ],
      exclude: ["Golden"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "EventReplayTests",
      dependencies: [
        "EventReplay", "TerminalHost", "ResponderKit", "XKBKeyboard", "InputFuzzers", "TestSupport",
      ],
      exclude: ["Snapshots"],
      swiftSettings: strict
    ),

    // Compiles every Swift block of README.md and the DocC articles against the built modules.
    .testTarget(
      name: "DocumentationTests",
      dependencies: ["ResponderKit", "XKBKeyboard", "TerminalHost", "EventReplay", "TestSupport"],
      swiftSettings: strict
    ),

    // The parser's libFuzzer target (`make fuzz`); without -DFUZZING it replays files, and
    // TerminalHostTests replays its corpus through the same invariant checks.
    .executableTarget(
      name: "InputParserFuzzer",
      dependencies: ["TerminalHost", "ResponderKit"],
      path: "Tests/Fuzzers/InputParser",
      exclude: ["Corpus"],
      swiftSettings: strict
    ),

    // libFuzzer targets for every other parser of untrusted input (`make fuzz`); corpora in
    // Tests/Fuzzers/Corpora, replayed by EventReplayTests. The samples' model files are linked
    // in, so their JSON is decoded by the samples' own types.
    .executableTarget(
      name: "InputFuzzers",
      dependencies: ["EventReplay", "XKBKeyboard", "TerminalHost", "ResponderKit", "RendererOracle"],
      path: "Tests/Fuzzers/Targets",
      swiftSettings: strict
    ),

    // Samples: real apps built only on the public API.
    .executableTarget(
      name: "KeyViewer",
      dependencies: ["ResponderKit", "XKBKeyboard", "TerminalHost", "EventReplay"],
      path: "Samples/KeyViewer",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "Checklists",
      dependencies: ["ResponderKit", "TerminalHost", "EventReplay"],
      path: "Samples/Checklists",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "Notes",
      dependencies: ["ResponderKit", "TerminalHost", "EventReplay"],
      path: "Samples/Notes",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "TouchLab",
      dependencies: ["ResponderKit", "TerminalHost", "EventReplay"],
      path: "Samples/TouchLab",
      exclude: ["two-finger.rkrec", "gestures.rkrec"],
      swiftSettings: strict
    ),
    // A two-pane file manager: tree, table, preview, split, status bar, background reading.
    .executableTarget(
      name: "Files",
      dependencies: ["ResponderKit", "TerminalHost", "EventReplay"],
      path: "Samples/Files",
      swiftSettings: strict
    ),
    // An inline fuzzy picker: data on stdin, keys and screen on /dev/tty, the choice on stdout.
    .executableTarget(
      name: "Pick",
      dependencies: ["ResponderKit", "TerminalHost", "EventReplay"],
      path: "Samples/Pick",
      swiftSettings: strict
    ),
    // A multi-document text editor: documents, window controllers and the document controller.
    .executableTarget(
      name: "Edit",
      dependencies: ["ResponderKit", "TerminalHost", "EventReplay"],
      path: "Samples/Edit",
      swiftSettings: strict
    ),
    // An app whose keys make it fail in each way the host must survive (host exit-path tests).
    .executableTarget(
      name: "HostProbe",
      dependencies: ["ResponderKit", "TerminalHost"],
      path: "Tests/Fixtures/HostProbe",
      swiftSettings: strict
    ),
    // Saves and autosaves a document until it is killed (the kill -9 document test).
    .executableTarget(
      name: "SaveProbe",
      dependencies: ["ResponderKit", "TerminalHost"],
      path: "Tests/Fixtures/SaveProbe",
      swiftSettings: strict
    ),
    // An app that logs every decoded input with a monotonic time stamp (`make terminals`).
    .executableTarget(
      name: "KeyProbe",
      dependencies: ["ResponderKit", "TerminalHost", "EventReplay"],
      path: "Tests/Fixtures/KeyProbe",
      swiftSettings: strict
    ),
    // Clusters of varying width drawn through the real host, probed and redrawn (width probe).
    .executableTarget(
      name: "ClusterWidths",
      dependencies: ["ResponderKit", "TerminalHost"],
      path: "Tests/Fixtures/ClusterWidths",
      swiftSettings: strict
    ),
    .testTarget(
      name: "SamplesTests",
      dependencies: [
        "KeyViewer", "Checklists", "Notes", "TouchLab", "Files", "HostProbe", "SaveProbe", "Pick",
        "ClusterWidths", "Edit", "ResponderKit",
        "XKBKeyboard",
        "TerminalHost", "EventReplay", "TestSupport",
      ],
      exclude: ["Snapshots"],
      swiftSettings: strict
    ),

    // Benchmarks: release builds run by `make bench`. CMalloc exposes glibc's mallinfo2.
    .systemLibrary(name: "CMalloc", path: "Benchmarks/CMalloc"),
    .executableTarget(
      name: "ResponderBenchmarks",
      dependencies: ["ResponderKit", "CMalloc", "BenchmarkSupport"],
      path: "Benchmarks/ResponderBenchmarks",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "BindingBenchmarks",
      dependencies: ["ResponderKit", "BenchmarkSupport"],
      path: "Benchmarks/BindingBenchmarks",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "XKBBenchmarks",
      dependencies: ["XKBKeyboard", "ResponderKit", "EventReplay", "CXKBBenchmarkLoop", "BenchmarkSupport"],
      path: "Benchmarks/XKBBenchmarks",
      swiftSettings: strict
    ),
    // The lean C key path: the baseline XKBBenchmarks compares against.
    .target(
      name: "CXKBBenchmarkLoop",
      dependencies: ["CXKBCommon"],
      path: "Benchmarks/CXKBBenchmarkLoop"
    ),
    .executableTarget(
      name: "RendererBenchmarks",
      dependencies: ["ResponderKit", "TerminalHost", "CRendererScenes", "BenchmarkSupport"],
      path: "Benchmarks/RendererBenchmarks",
      swiftSettings: strict
    ),
    // The renderer scenes, shared with the ncurses program in Benchmarks/NcursesBaseline.
    .target(name: "CRendererScenes", path: "Benchmarks/CRendererScenes"),
    // The parser benchmark's baseline: the VT500-series state machine as a C tokenizer.
    .target(name: "CVTParser", path: "Benchmarks/CVTParser"),
    // Medians and Benchmarks/results/*.json, for every benchmark.
    .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport", swiftSettings: strict),
    .executableTarget(
      name: "TextBenchmarks",
      dependencies: ["ResponderKit", "TerminalHost", "BenchmarkSupport"],
      path: "Benchmarks/TextBenchmarks",
      swiftSettings: strict
    ),
    // Pick against fzf in a pty, and inline against full-screen frame bytes.
    // Save of a 10 MB document, and typing while autosave writes (issue 39).
    .executableTarget(
      name: "DocumentBenchmarks",
      dependencies: ["ResponderKit", "TerminalHost", "BenchmarkSupport"],
      path: "Benchmarks/DocumentBenchmarks",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "PickBenchmarks",
      dependencies: ["ResponderKit", "TerminalHost", "BenchmarkSupport"],
      path: "Benchmarks/PickBenchmarks",
      swiftSettings: strict
    ),
    // Key to finished frame through a pty, against ncurses, the echo floor and Textual.
    .executableTarget(
      name: "LatencyBenchmarks",
      dependencies: ["ResponderKit", "TerminalHost", "BenchmarkSupport"],
      path: "Benchmarks/LatencyBenchmarks",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "HoverBenchmarks",
      dependencies: ["TerminalHost", "ResponderKit", "BenchmarkSupport"],
      path: "Benchmarks/HoverBenchmarks",
      swiftSettings: strict
    ),
    // An idle app showing a spinner, hidden and shown, in the running host (issue 37).
    .executableTarget(
      name: "SpinnerBenchmarks",
      dependencies: ["ResponderKit", "TerminalHost", "BenchmarkSupport"],
      path: "Benchmarks/SpinnerBenchmarks",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "ParserBenchmarks",
      dependencies: ["TerminalHost", "ResponderKit", "CVTParser", "BenchmarkSupport"],
      path: "Benchmarks/ParserBenchmarks",
      exclude: ["peers.py"],
      swiftSettings: strict
    ),
  ]
)
