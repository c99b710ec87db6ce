/// A libFuzzer target: a parser of untrusted input and the invariants it keeps for any bytes.
///
/// Every target's check is used twice: by the libFuzzer binary (`make fuzz`, which traps on
/// the first broken invariant) and by the corpus replay test in `make test`, which runs each
/// committed file of `Tests/Fuzzers/Corpora/<name>` through the same check.
public struct FuzzTarget: Sendable {
  /// The name on the command line and of the corpus directory.
  public let name: String
  /// What the target feeds and checks, for `--help`.
  public let summary: String
  /// The broken invariants for one input, empty when all hold. A trap is a failure too.
  public let violations: @Sendable (_ input: [UInt8]) -> [String]

  /// Every target, in the order `make fuzz` runs them.
  public static let all: [FuzzTarget] = [
    FuzzTarget(
      name: "recording", summary: "Recording(parsing:) and the write→read round trip",
      violations: RecordingInvariants.violations),
    FuzzTarget(
      name: "key-bindings", summary: "KeyBindings files and KeySpec(parsing:)",
      violations: KeyBindingInvariants.violations),
    FuzzTarget(
      name: "keymap", summary: "Keymap(bytes:), keymap files and RMLVO names",
      violations: KeymapInvariants.violations),
    FuzzTarget(
      name: "compose", summary: "ComposeTable(string:) and compose files",
      violations: ComposeInvariants.violations),
    FuzzTarget(
      name: "evdev", summary: "EvdevDecoder over raw input_event bytes in any split",
      violations: EvdevInvariants.violations),
    FuzzTarget(
      name: "geometry", summary: "screen sizes, frames, bounds and drawing coordinates from any Double bits",
      violations: GeometryInvariants.violations),
    FuzzTarget(
      name: "census", summary: "the numeric API census with random values and random events",
      violations: CensusInvariants.violations),
    FuzzTarget(
      name: "renderer", summary: "random frames through the Renderer, every cell compared in libvterm",
      violations: RendererInvariants.violations),
    FuzzTarget(
      name: "sample-stores", summary: "the JSON files of the Checklists and Notes samples",
      violations: SampleStoreInvariants.violations),
  ]

  /// The target called `name`.
  public static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }
}
