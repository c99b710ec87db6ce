import CXKBCommon
import CXKBCommonShims
import Foundation
import Testing
import XKBKeyboard

/// libxkbcommon's own answer for RMLVO names: whether `xkb_keymap_new_from_names` compiles
/// them, and what it logs while doing so.
final class Libxkbcommon {
  let context: OpaquePointer

  init() throws {
    context = try #require(xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES))
    try #require(CXKBCommonShims_installLogger(context) == 0)
    xkb_context_set_log_level(context, XKB_LOG_LEVEL_WARNING)
  }

  /// The lines logged since the last call, without their level byte.
  private func takeLog() -> [String] {
    var length = 0
    var dropped = 0
    guard let bytes = CXKBCommonShims_takeLog(context, &length, &dropped) else { return [] }
    return UnsafeRawBufferPointer(start: bytes, count: length).split(separator: 0).map {
      String(decoding: $0.dropFirst(), as: UTF8.self)
    }
  }

  deinit {
    CXKBCommonShims_removeLogger(context)
    xkb_context_unref(context)
  }

  /// Whether libxkbcommon compiles the names, and the lines it logged.
  func compile(_ names: RuleNames) -> (compiles: Bool, log: [String]) {
    _ = takeLog()
    func field(_ value: String?) -> UnsafeMutablePointer<CChar>? {
      value.flatMap { $0.isEmpty ? nil : strdup($0) }
    }
    var raw = xkb_rule_names(
      rules: UnsafePointer(field(names.rules)), model: UnsafePointer(field(names.model)),
      layout: UnsafePointer(field(names.layout)), variant: UnsafePointer(field(names.variant)),
      options: UnsafePointer(field(names.options)))
    defer {
      for pointer in [raw.rules, raw.model, raw.layout, raw.variant, raw.options] {
        free(UnsafeMutablePointer(mutating: pointer))
      }
    }
    let keymap = xkb_keymap_new_from_names(context, &raw, XKB_KEYMAP_COMPILE_NO_FLAGS)
    if let keymap { xkb_keymap_unref(keymap) }
    return (keymap != nil, takeLog())
  }
}

/// The names xkeyboard-config lists for the evdev rules.
struct ListedNames {
  var models: Set<String> = []
  var layouts: Set<String> = []
  var variants: Set<[String]> = []  // [layout, variant]
  var options: Set<String> = []
  /// The models of evdev.lst alone: the list strict mode checks models against.
  var lstModels: Set<String> = []

  static let root = "/usr/share/X11/xkb/rules/"

  init() throws {
    try readList()
    try readXML()
    try readRules()
  }

  private static func words(_ line: Substring) -> [Substring] {
    line.split(whereSeparator: { $0 == " " || $0 == "\t" })
  }

  private mutating func readList() throws {
    var section = ""
    for line in try String(contentsOfFile: Self.root + "evdev.lst", encoding: .utf8).split(separator: "\n") {
      let words = Self.words(line)
      guard let first = words.first else { continue }
      if first == "!" {
        section = words.count > 1 ? String(words[1]) : ""
        continue
      }
      switch section {
      case "model":
        models.insert(String(first))
        lstModels.insert(String(first))
      case "layout": layouts.insert(String(first))
      case "variant":
        if words.count > 1 { variants.insert([String(words[1].dropLast()), String(first)]) }
      case "option": options.insert(String(first))
      default: break
      }
    }
  }

  /// Each `<model>`, `<layout>`, `<variant>` and `<option>` element's first `<name>`.
  private mutating func readXML() throws {
    let xml = try String(contentsOfFile: Self.root + "evdev.xml", encoding: .utf8)
    var pending = ""
    var layout = ""
    var rest = xml[...]
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { break }
      let tag = rest[rest.index(after: open)..<close]
      rest = rest[rest.index(after: close)...]
      switch tag {
      case "model", "layout", "variant", "option", "group": pending = String(tag)
      case "name":
        guard !pending.isEmpty, let end = rest.range(of: "</name>") else { continue }
        let name = String(rest[..<end.lowerBound])
        switch pending {
        case "model": models.insert(name)
        case "layout":
          layout = name
          layouts.insert(name)
        case "variant": variants.insert([layout, name])
        case "option": options.insert(name)
        default: break
        }
        pending = ""
      default: continue
      }
    }
  }

  /// The options the rules file maps (lines under `! option = ...`), tab-separated.
  private mutating func readRules() throws {
    var inOptions = false
    for line in try String(contentsOfFile: Self.root + "evdev", encoding: .utf8).split(separator: "\n") {
      let words = Self.words(line)
      guard let first = words.first, !first.hasPrefix("//") else { continue }
      if first == "!" {
        inOptions = words.count > 1 && words[1] == "option"
      } else if inOptions, first != "*" {
        options.insert(String(first))
      }
    }
  }
}

@Suite struct KeymapNameAcceptanceTests {
  /// Names Keymap and libxkbcommon disagree on: accepted by one and refused by the other, or
  /// compiled without a name warning although libxkbcommon logged a name it did not know
  /// (or with one although it knew them all). Strict mode throws the first warning.
  func disagreements(_ all: [RuleNames], lstModels: Set<String>) throws -> [String] {
    let library = try Libxkbcommon()
    var wrong: [String] = []
    for names in all {
      let truth = library.compile(names)
      let keymap = try? Keymap(names: names, ignoringEnvironment: true)
      if (keymap != nil) != truth.compiles {
        wrong.append("\(names): ours \(keymap != nil), libxkbcommon \(truth.compiles)")
      }
      guard let keymap else { continue }
      let unknownToLibrary = truth.log.contains { $0.contains("Unrecognized RMLVO") }
      let unlistedModel = names.model.map { !$0.isEmpty && !lstModels.contains($0) } ?? false
      if keymap.nameWarnings.isEmpty == (unknownToLibrary || unlistedModel) {
        wrong.append("\(names): warnings \(keymap.nameWarnings), libxkbcommon logged \(truth.log)")
      }
    }
    return wrong
  }

  /// One kind of name per case, so the four run in parallel.
  @Test(arguments: ["model", "layout", "variant", "option"])
  func everyListedNameIsAcceptedExactlyWhenLibxkbcommonAcceptsIt(kind: String) throws {
    let listed = try ListedNames()
    #expect(listed.models.count > 100 && listed.layouts.count > 50 && listed.variants.count > 300)
    #expect(listed.options.contains("grp:alt_shift_toggle_bidir"))
    let all: [RuleNames]
    switch kind {
    case "model": all = listed.models.sorted().map { RuleNames(model: $0, layout: "us") }
    case "layout": all = listed.layouts.sorted().map { RuleNames(layout: $0) }
    case "variant":
      all = listed.variants.sorted { $0.lexicographicallyPrecedes($1) }.map {
        RuleNames(layout: $0[0], variant: $0[1])
      }
    default: all = listed.options.sorted().map { RuleNames(layout: "us", options: $0) }
    }
    let wrong = try disagreements(all, lstModels: listed.lstModels)
    #expect(wrong.isEmpty, "\(wrong.prefix(20).joined(separator: "\n"))")
  }

  @Test func oddSpellingsAreAcceptedExactlyWhenLibxkbcommonAcceptsThem() throws {
    let listed = try ListedNames()
    let layouts = [
      "us:2", "us,de:1", "de:3,us:1", "us:9", "us:0", "us:", "us(dvorak)", "us(dvorak):2", "us(dvorak",
      "us(nope)", "us,,de", ",us", ",", "us,", "", " us", "us ", "US", "us,de,fr,ru", "us,de,fr,ru,gr",
      "us,de,fr,ru,gr,xx", "us,xx", "xx", "us de", "us;de", "us(dvorak),de(neo)",
    ]
    var all = layouts.map { RuleNames(layout: $0) }
    for variant in [",dvorak", "dvorak,", "dvorak,,,,foo", ",,,", "nope", "dvorak,neo", " dvorak"] {
      all.append(RuleNames(layout: "us,de", variant: variant))
      all.append(RuleNames(layout: "us", variant: variant))
    }
    for options in [
      ",,", "grp:alt_shift_toggle_bidir", "grp:alt_shift_toggle,foo:bar", "foo", "grp", ":", "ctrl:nocaps,,",
      " ctrl:nocaps", "grp:alt_shift_toggle,grp:alt_shift_toggle",
    ] {
      all.append(RuleNames(layout: "us,de", options: options))
    }
    for model in ["evdev", "jp106", "pc104", "", "PC105", "nosuchmodel"] {
      all.append(RuleNames(model: model, layout: "us"))
    }
    for rules in ["evdev", "base", "xorg", "nosuchrules", "evdev.lst", "README"] {
      all.append(RuleNames(rules: rules, layout: "us"))
    }
    let wrong = try disagreements(all, lstModels: listed.lstModels)
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }
}
