import Foundation

/// Looks at RMLVO names and the xkeyboard-config files xkbcommon reads for them.
///
/// libxkbcommon decides whether names compile; this checker never overrules it. It refuses
/// only what is unsafe to hand over (``gateProblem(in:)``), explains a failed compile by
/// naming the layout, variant or rules that do not exist (``failureReason(in:)``), and lists
/// the names libxkbcommon accepted without knowing them (``nameWarnings(in:log:)``).
struct RuleNamesChecker {
  /// Directories searched, in xkbcommon's order.
  var includePaths: [String]
  /// Whether `XKB_DEFAULT_*` fill the missing names, as xkbcommon does by default.
  var usesEnvironment: Bool

  /// A name that must not reach libxkbcommon: one with NUL (the C string would end early),
  /// one with `/` or `..` (it would become a path outside the include directories), or a
  /// rules or layout name whose file is not a regular file (reading a FIFO blocks forever).
  func gateProblem(in names: RuleNames) -> KeymapError.Reason? {
    let fields: [(String, String)] = [
      ("rules", effective(names.rules, "XKB_DEFAULT_RULES", fallback: "")),
      ("model", effective(names.model, "XKB_DEFAULT_MODEL", fallback: "")),
      ("layout", effective(names.layout, "XKB_DEFAULT_LAYOUT", fallback: "")),
      ("variant", effective(names.variant, "XKB_DEFAULT_VARIANT", fallback: "")),
      ("options", effective(names.options, "XKB_DEFAULT_OPTIONS", fallback: "")),
    ]
    for (field, value) in fields {
      if value.contains("\0") { return .nameContainsNUL(field: field, name: value) }
      if value.contains("/") || value.contains("..") { return .unsafeName(field: field, name: value) }
    }
    var files = ["rules/" + rules(names)]
    files += layoutEntries(names).map { "symbols/" + $0.layout }
    for relative in files {
      if let path = firstPath(relative), let type = BoundedFile.nonRegularType(atPath: path) {
        return .notRegularFile(path: path, fileType: type)
      }
    }
    return nil
  }

  /// Why libxkbcommon failed to compile the names, when a rules, layout or variant name is
  /// missing from the files; nil when the files do not explain it.
  func failureReason(in names: RuleNames) -> KeymapError.Reason? {
    let rules = rules(names)
    guard firstPath("rules/" + rules) != nil else { return .unknownRules(rules) }
    let variants = effective(names.variant, "XKB_DEFAULT_VARIANT", fallback: "")
      .split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    for (index, entry) in layoutEntries(names).enumerated() {
      guard let symbols = read("symbols/" + entry.layout) else { return .unknownLayout(entry.layout) }
      let variant = index < variants.count && !variants[index].isEmpty ? variants[index] : entry.variant
      if !variant.isEmpty, !symbols.contains("xkb_symbols \"\(variant)\"") {
        return .unknownVariant(variant: variant, layout: entry.layout)
      }
    }
    return nil
  }

  /// The names a successful compile did not know: a model the rules' `.lst` file does not
  /// list (the rules' `*` line compiled it anyway), and the layouts, variants and options
  /// libxkbcommon logged as ignored. Other log lines are never name warnings.
  func nameWarnings(in names: RuleNames, log: [String]) -> [KeymapNameWarning] {
    var warnings: [KeymapNameWarning] = []
    let model = effective(names.model, "XKB_DEFAULT_MODEL", fallback: "")
    if !model.isEmpty {
      let models = section("model", of: read("rules/\(rules(names)).lst") ?? "")
      if !models.isEmpty, !models.contains(model) { warnings.append(.unknownModel(model)) }
    }
    // xkbcommon 1.5: `Unrecognized RMLVO option "foo:bar" was ignored`.
    for line in log {
      guard let range = line.range(of: "Unrecognized RMLVO ") else { continue }
      let rest = line[range.upperBound...]
      let parts = rest.split(separator: "\"", omittingEmptySubsequences: false)
      guard parts.count >= 3 else { continue }
      let name = String(parts[1])
      switch parts[0].trimmingCharacters(in: .whitespaces) {
      case "option": warnings.append(.unknownOption(name))
      case "layout": warnings.append(.ignoredLayout(name))
      case "variant": warnings.append(.ignoredVariant(name))
      case "model": warnings.append(.unknownModel(name))
      default: continue
      }
    }
    return warnings
  }

  /// The layout field split into entries, each without an explicit group index (`us:2`)
  /// and with its inline variant (`us(dvorak)`) apart; empty entries are left out.
  private func layoutEntries(_ names: RuleNames) -> [(layout: String, variant: String)] {
    effective(names.layout, "XKB_DEFAULT_LAYOUT", fallback: "us")
      .split(separator: ",", omittingEmptySubsequences: false)
      .map { entry -> (layout: String, variant: String) in
        var layout = entry.trimmingCharacters(in: .whitespaces)
        if let colon = layout.lastIndex(of: ":") { layout = String(layout[..<colon]) }
        var variant = ""
        if let open = layout.firstIndex(of: "("), layout.hasSuffix(")") {
          variant = String(layout[layout.index(after: open)..<layout.index(before: layout.endIndex)])
          layout = String(layout[..<open])
        }
        return (layout, variant)
      }
      .filter { !$0.layout.isEmpty }
  }

  private func rules(_ names: RuleNames) -> String {
    effective(names.rules, "XKB_DEFAULT_RULES", fallback: "evdev")
  }

  private func effective(_ value: String?, _ variable: String, fallback: String) -> String {
    if let value, !value.isEmpty { return value }
    if usesEnvironment, let env = ProcessInfo.processInfo.environment[variable], !env.isEmpty {
      return env
    }
    return fallback
  }

  /// The first path of this relative name in the include paths, as xkbcommon searches.
  private func firstPath(_ relative: String) -> String? {
    includePaths.lazy.map { $0 + "/" + relative }.first { FileManager.default.fileExists(atPath: $0) }
  }

  /// The first file of this relative path in the include paths, as text.
  private func read(_ relative: String) -> String? {
    guard let path = firstPath(relative), let bytes = try? BoundedFile.read(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The first words of the lines under `! name` in a `.lst` file.
  private func section(_ name: String, of list: String) -> Set<String> {
    var result: Set<String> = []
    var inside = false
    for line in list.split(separator: "\n") {
      if line.hasPrefix("!") {
        inside = line.dropFirst().trimmingCharacters(in: .whitespaces) == name
      } else if inside, let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first {
        result.insert(String(word))
      }
    }
    return result
  }
}
