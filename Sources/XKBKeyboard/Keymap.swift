import CXKBCommon
import Foundation
import ResponderKit

/// A compiled XKB keymap: which keysyms every key gives on every layout and level, which
/// modifiers exist and which keys repeat.
///
/// Build one from RMLVO names (what a user picks, `de`, `us(dvorak)`), from a keymap file or
/// from keymap text. A keymap never changes after it is built; ``KeyboardState`` tracks the
/// keys held and keeps its keymap alive. Key codes are evdev codes (`KEY_A` is 30); the
/// +8 offset of XKB keycodes stays inside this module.
///
/// Not thread-safe: xkbcommon's reference counts are plain integers, so keep a keymap and
/// the states made from it on one thread or queue.
public final class Keymap {
  /// The context the keymap was compiled in; kept alive for its log collector.
  let context: XKBContext
  /// The C keymap; owned, released in `deinit`.
  let pointer: OpaquePointer
  /// Warnings xkbcommon logged while compiling (for example unresolved keysyms).
  public let compileLog: [String]
  /// The names libxkbcommon compiled without knowing them (an unknown model, an ignored
  /// option); always empty for keymaps built from text or files.
  public let nameWarnings: [KeymapNameWarning]

  /// The offset between evdev key codes and XKB keycodes.
  static let evdevOffset: UInt32 = 8

  /// Compiles the keymap that RMLVO names select, accepting exactly what libxkbcommon does.
  ///
  /// libxkbcommon compiles names it does not know when its rules allow it: an unknown model
  /// matches the rules' `*` line, and unknown options (and layouts past the fourth) are
  /// ignored. Such a keymap is returned with the names listed in ``nameWarnings``; with
  /// `strict` the first of them is thrown instead. Before compiling, names that are unsafe
  /// to hand to libxkbcommon are refused: NUL, `/` or `..` in a name, or a rules or layout
  /// file that is not a regular file (libxkbcommon would block forever reading a FIFO).
  ///
  /// - Parameters:
  ///   - names: The names; `nil` fields take xkbcommon's defaults.
  ///   - ignoringEnvironment: Pass `true` to ignore `XKB_DEFAULT_*`, so the result is the
  ///     same on every machine (tests, replays).
  ///   - strict: Pass `true` to refuse names libxkbcommon would compile without knowing.
  /// - Throws: ``KeymapError``: when libxkbcommon fails, naming the rules, layout or variant
  ///   that does not exist, with xkbcommon's error lines; an unsafe name; or in strict mode
  ///   the first name warning.
  public init(names: RuleNames = RuleNames(), ignoringEnvironment: Bool = false, strict: Bool = false)
    throws(KeymapError)
  {
    let context: XKBContext
    do {
      context = try XKBContext(ignoringEnvironment: ignoringEnvironment)
    } catch {
      throw KeymapError(.contextUnavailable, log: error.log)
    }
    let checker = RuleNamesChecker(
      includePaths: context.includePaths, usesEnvironment: !ignoringEnvironment)
    if let problem = checker.gateProblem(in: names) { throw KeymapError(problem) }
    let compiled: OpaquePointer? = withRuleNames(names) { raw in
      withUnsafePointer(to: raw) {
        xkb_keymap_new_from_names(context.pointer, $0, XKB_KEYMAP_COMPILE_NO_FLAGS)
      }
    }
    let log = context.log.drain()
    guard let compiled else {
      let reason = checker.failureReason(in: names) ?? .compilationFailed(names)
      throw KeymapError(reason, log: Keymap.errorLines(log))
    }
    let warnings = checker.nameWarnings(in: names, log: log)
    if strict, let first = warnings.first {
      xkb_keymap_unref(compiled)
      throw KeymapError(first.strictReason, log: log.filter { $0.contains("\"\(first.name)\"") })
    }
    self.context = context
    self.pointer = compiled
    self.compileLog = log
    self.nameWarnings = warnings
  }

  /// Compiles keymap text in the XKB text format (what ``asString()`` and `xkbcomp` write).
  ///
  /// - Throws: ``KeymapError`` with ``KeymapError/Reason/invalidKeymapText(_:)`` for empty
  ///   text, an embedded NUL or text that does not compile.
  public convenience init(string: String) throws(KeymapError) {
    try self.init(bytes: Array(string.utf8), source: "keymap text")
  }

  /// Compiles keymap text given as bytes, which must be UTF-8 without NUL.
  ///
  /// - Throws: ``KeymapError`` saying where the bytes stop being usable (a UTF-16 file
  ///   fails at its first byte that is not UTF-8 or NUL).
  public convenience init(bytes: [UInt8]) throws(KeymapError) {
    try self.init(bytes: bytes, source: "keymap bytes")
  }

  /// Compiles the keymap file at `path`.
  ///
  /// - Throws: ``KeymapError`` for a missing or unreadable file, a path that is not a
  ///   regular file (a directory, FIFO or device), a file over 16 MiB, or text that does not
  ///   compile.
  public convenience init(contentsOfFile path: String) throws(KeymapError) {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(path)
    } catch {
      switch error {
      case .notFound: throw KeymapError(.fileNotFound(path: path))
      case .notRegular(let type): throw KeymapError(.notRegularFile(path: path, fileType: type))
      case .tooLarge(let size):
        throw KeymapError(.fileTooLarge(path: path, size: size, limit: BoundedFile.limit))
      case .unreadable(let code): throw KeymapError(.unreadableFile(path: path, errno: code))
      }
    }
    try self.init(bytes: bytes, source: path)
  }

  /// Compiles the keymap file at a file URL.
  ///
  /// - Throws: ``KeymapError`` as ``init(contentsOfFile:)`` does; a non-file URL is
  ///   reported as a missing file.
  public convenience init(fileURL: URL) throws(KeymapError) {
    guard fileURL.isFileURL else { throw KeymapError(.fileNotFound(path: fileURL.absoluteString)) }
    try self.init(contentsOfFile: fileURL.path)
  }

  private init(bytes: [UInt8], source: String) throws(KeymapError) {
    // Editors write a UTF-8 byte order mark; libxkbcommon 1.5 refuses it.
    let bytes = bytes.starts(with: [0xef, 0xbb, 0xbf]) ? Array(bytes.dropFirst(3)) : bytes
    guard !bytes.isEmpty else { throw KeymapError(.invalidKeymapText("\(source) is empty")) }
    if bytes.starts(with: [0xff, 0xfe]) || bytes.starts(with: [0xfe, 0xff]) {
      throw KeymapError(.invalidKeymapText("\(source) is UTF-16 (byte order mark), not UTF-8"))
    }
    if let bad = Keymap.firstInvalidUTF8Offset(bytes) {
      throw KeymapError(.invalidKeymapText("\(source) is not UTF-8 at byte \(bad)"))
    }
    if let nul = bytes.firstIndex(of: 0) {
      throw KeymapError(.invalidKeymapText("\(source) contains NUL at byte \(nul)"))
    }
    let context: XKBContext
    do {
      context = try XKBContext(ignoringEnvironment: true)
    } catch {
      throw KeymapError(.contextUnavailable, log: error.log)
    }
    let compiled = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        xkb_keymap_new_from_buffer(
          context.pointer, $0.baseAddress, $0.count, XKB_KEYMAP_FORMAT_TEXT_V1,
          XKB_KEYMAP_COMPILE_NO_FLAGS)
      }
    }
    let log = context.log.drain()
    guard let compiled else {
      throw KeymapError(.invalidKeymapText("\(source) does not compile"), log: Keymap.errorLines(log))
    }
    self.context = context
    self.pointer = compiled
    self.compileLog = log
    self.nameWarnings = []
  }

  deinit { xkb_keymap_unref(pointer) }

  /// The keymap in the XKB text format, which ``init(string:)`` reads back.
  public func asString() -> String {
    guard let text = xkb_keymap_get_as_string(pointer, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
    defer { free(text) }
    return String(cString: text)
  }

  /// How many layouts (groups) the keymap has.
  public var layoutCount: Int { Int(xkb_keymap_num_layouts(pointer)) }

  /// The layout names, such as `English (US)` and `Russian`, in group order.
  public var layoutNames: [String] { (0..<layoutCount).map { layoutName(at: $0) ?? "" } }

  /// The name of layout `index`, or nil when out of range or unnamed.
  public func layoutName(at index: Int) -> String? {
    guard index >= 0, index < layoutCount else { return nil }
    return xkb_keymap_layout_get_name(pointer, xkb_layout_index_t(index)).map { String(cString: $0) }
  }

  /// The index of the layout with this name.
  public func layoutIndex(named name: String) -> Int? {
    let index = xkb_keymap_layout_get_index(pointer, name)
    return index == XKB_LAYOUT_INVALID ? nil : Int(index)
  }

  /// The modifier names, real (`Shift`, `Lock`, `Control`, `Mod1`…`Mod5`) then virtual.
  public var modifierNames: [String] {
    (0..<xkb_keymap_num_mods(pointer)).map { String(cString: xkb_keymap_mod_get_name(pointer, $0)) }
  }

  /// The LED names, such as `Caps Lock`.
  public var ledNames: [String] {
    (0..<xkb_keymap_num_leds(pointer)).compactMap { index in
      xkb_keymap_led_get_name(pointer, index).map { String(cString: $0) }
    }
  }

  /// The evdev key codes the keymap defines.
  public var keyCodes: ClosedRange<UInt32> {
    let low = max(xkb_keymap_min_keycode(pointer), Keymap.evdevOffset)
    let high = max(xkb_keymap_max_keycode(pointer), low)
    return (low - Keymap.evdevOffset)...(high - Keymap.evdevOffset)
  }

  /// Whether holding the key repeats it; modifier keys do not.
  public func repeats(keyCode: UInt32) -> Bool {
    xkb_keymap_key_repeats(pointer, keyCode &+ Keymap.evdevOffset) != 0
  }

  /// The XKB name of the key (`AC01` for `KEY_A`), or nil for a code the keymap lacks.
  public func keyName(forKeyCode keyCode: UInt32) -> String? {
    xkb_keymap_key_get_name(pointer, keyCode &+ Keymap.evdevOffset).map { String(cString: $0) }
  }

  /// The evdev key code of the key with this XKB name or alias (`AC01`, `LatA`).
  public func keyCode(named name: String) -> UInt32? {
    let code = xkb_keymap_key_by_name(pointer, name)
    return code == XKB_KEYCODE_INVALID || code < Keymap.evdevOffset
      ? nil : code - Keymap.evdevOffset
  }

  /// How many shift levels the key has in a layout.
  public func levelCount(forKeyCode keyCode: UInt32, layout: Int) -> Int {
    // An index naming no layout answers nothing (libxkbcommon 1.5 reads out of bounds for
    // some indices past the end instead of wrapping them).
    guard layout >= 0, layout < layoutCount else { return 0 }
    return Int(
      xkb_keymap_num_levels_for_key(pointer, keyCode &+ Keymap.evdevOffset, xkb_layout_index_t(layout)))
  }

  /// The keysyms at one level of a key, without any modifier state applied.
  public func keysyms(forKeyCode keyCode: UInt32, layout: Int, level: Int) -> [Keysym] {
    guard layout >= 0, layout < layoutCount, level >= 0,
      level < levelCount(forKeyCode: keyCode, layout: layout)
    else { return [] }
    var syms: UnsafePointer<xkb_keysym_t>?
    let count = xkb_keymap_key_get_syms_by_level(
      pointer, keyCode &+ Keymap.evdevOffset, xkb_layout_index_t(layout), xkb_level_index_t(level), &syms)
    guard count > 0, let syms else { return [] }
    return UnsafeBufferPointer(start: syms, count: Int(count)).map { Keysym($0) }
  }

  /// The modifier masks that select a level of a key in a layout (real modifiers, bit `i`
  /// is modifier index `i`).
  func modifierMasks(forKeyCode keyCode: UInt32, layout: Int, level: Int) -> [xkb_mod_mask_t] {
    var masks = [xkb_mod_mask_t](repeating: 0, count: 16)
    let count = masks.withUnsafeMutableBufferPointer {
      xkb_keymap_key_get_mods_for_level(
        pointer, keyCode &+ Keymap.evdevOffset, xkb_layout_index_t(truncatingIfNeeded: layout),
        xkb_level_index_t(truncatingIfNeeded: level), $0.baseAddress, $0.count)
    }
    return Array(masks.prefix(count))
  }

  /// The index of a modifier by name, or nil.
  func modifierIndex(named name: String) -> xkb_mod_index_t? {
    let index = xkb_keymap_mod_get_index(pointer, name)
    return index == XKB_MOD_INVALID ? nil : index
  }

  /// The lines of a failed compile that explain it: errors, not the warnings every compile
  /// logs about other files (xkb-data 2.35's `unrecognized keysym "XF86EmojiPicker"`).
  static func errorLines(_ log: [String]) -> [String] {
    log.filter { $0.hasPrefix("error:") || $0.hasPrefix("critical:") }
  }

  /// The offset of the first byte that does not belong to valid UTF-8, or nil.
  private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}

/// Calls `body` with C rule names whose strings stay valid for the call.
private func withRuleNames<R>(_ names: RuleNames, _ body: (xkb_rule_names) -> R) -> R {
  func with(_ value: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let value, !value.isEmpty else { return body(nil) }
    return value.withCString { body($0) }
  }
  return with(names.rules) { rules in
    with(names.model) { model in
      with(names.layout) { layout in
        with(names.variant) { variant in
          with(names.options) { options in
            body(
              xkb_rule_names(
                rules: rules, model: model, layout: layout, variant: variant, options: options))
          }
        }
      }
    }
  }
}
