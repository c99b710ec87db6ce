import Foundation

/// Finds which RMLVO name is wrong by looking at the xkeyboard-config files xkbcommon reads.
///
/// xkbcommon 1.5.0 fails with "Failed to compile keymap" and ignores unknown models and
/// options with only a log line, so the keymap initializer asks this checker which name is
/// at fault: a layout is valid when `symbols/<layout>` exists in an include path, a variant
/// when that file has an `xkb_symbols "<variant>"` section, a model or option when the rules'
/// `.lst` file (or the rules file itself) lists it.
struct RuleNamesChecker {
  /// Directories searched, in xkbcommon's order.
  var includePaths: [String]
  /// Whether `XKB_DEFAULT_*` fill the missing names, as xkbcommon does by default.
  var usesEnvironment: Bool

  /// The first bad name, or nil when every given name exists.
  func firstProblem(in names: RuleNames) -> KeymapError.Reason? {
    let rules = effective(names.rules, "XKB_DEFAULT_RULES", fallback: "evdev")
    guard let rulesText = read("rules/\(rules)") else { return .unknownRules(rules) }
    let list = read("rules/\(rules).lst") ?? ""
    let models = section("model", of: list)
    if let model = nonEmpty(names.model), !models.isEmpty, !models.contains(model) {
      return .unknownModel(model)
    }
    let layouts = effective(names.layout, "XKB_DEFAULT_LAYOUT", fallback: "us")
      .split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    let variants = effective(names.variant, "XKB_DEFAULT_VARIANT", fallback: "")
      .split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    for (index, entry) in layouts.enumerated() where !entry.isEmpty {
      // `us(dvorak)` names the variant inside the layout field.
      var layout = entry
      var inline = ""
      if let open = entry.firstIndex(of: "("), entry.hasSuffix(")") {
        layout = String(entry[..<open])
        inline = String(entry[entry.index(after: open)..<entry.index(before: entry.endIndex)])
      }
      guard let symbols = read("symbols/\(layout)"), !layout.contains("/") else {
        return .unknownLayout(layout)
      }
      let variant = index < variants.count && !variants[index].isEmpty ? variants[index] : inline
      if !variant.isEmpty, !symbols.contains("xkb_symbols \"\(variant)\"") {
        return .unknownVariant(variant: variant, layout: layout)
      }
    }
    let options = effective(names.options, "XKB_DEFAULT_OPTIONS", fallback: "")
    let known = section("option", of: list)
    for option in options.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
    where !option.isEmpty && !known.contains(option) {
      let listed = rulesText.split(separator: "\n").contains { line in
        line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
          == option
      }
      if !listed { return .unknownOption(option) }
    }
    return nil
  }

  private func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }

  private func effective(_ value: String?, _ variable: String, fallback: String) -> String {
    if let value = nonEmpty(value) { return value }
    if usesEnvironment, let env = ProcessInfo.processInfo.environment[variable], !env.isEmpty {
      return env
    }
    return fallback
  }

  /// The first file of this relative path in the include paths, as text.
  private func read(_ relative: String) -> String? {
    for directory in includePaths {
      if let data = FileManager.default.contents(atPath: directory + "/" + relative) {
        return String(decoding: data, as: UTF8.self)
      }
    }
    return nil
  }

  /// The first words of the lines under `! name` in a `.lst` file.
  private func section(_ name: String, of list: String) -> Set<String> {
    var result: Set<String> = []
    var inside = false
    for line in list.split(separator: "\n") {
      if line.hasPrefix("!") {
        inside = line.dropFirst().trimmingCharacters(in: .whitespaces) == name
      } else if inside, let word = line.split(separator: " ").first {
        result.insert(String(word))
      }
    }
    return result
  }
}
