import ResponderKit

/// What key binding files and key specs must do with any text: apply, or throw a
/// ``KeyBindingError`` naming a real line and changing nothing; every spec read, written back
/// with `description`, reads as the same spec.
public enum KeyBindingInvariants {
  /// Actions a fuzzed file may name besides those already declared.
  static let extraActions = [Action("fuzzAction"), Action("fuzz_other")]

  /// The broken invariants for `input`, empty when all hold.
  public static func violations(_ input: [UInt8]) -> [String] {
    var problems: [String] = []
    let text = String(decoding: input, as: UTF8.self)
    let lineCount = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    var bindings = KeyBindings.standard
    do {
      try bindings.apply(contentsOf: text, file: "fuzz", additionalActions: extraActions)
    } catch {
      if !(1...lineCount).contains(error.line) {
        problems.append("error names line \(error.line) of \(lineCount)")
      }
      if bindings.table != KeyBindings.standard.table { problems.append("a bad file changed the table") }
    }
    for spec in bindings.table.keys { problems += specProblems(spec) }
    // Every line (and its key part) as a spec on its own.
    for line in text.split(separator: "\n") {
      for candidate in [String(line), String(line.split(separator: "=").first ?? "")] {
        if let spec = try? KeySpec(parsing: candidate) { problems += specProblems(spec) }
      }
    }
    return problems
  }

  /// A spec must read back from its own description.
  static func specProblems(_ spec: KeySpec) -> [String] {
    do {
      let again = try KeySpec(parsing: spec.description)
      return again == spec ? [] : ["\"\(spec.description)\" reads back as \"\(again.description)\""]
    } catch {
      return ["\"\(spec.description)\" (keysym \(spec.keysym)) does not read back: \(error)"]
    }
  }
}
