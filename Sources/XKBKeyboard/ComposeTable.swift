import CXKBCommon
import Foundation

/// A table of compose sequences (dead keys and `Multi_key` sequences), as in X11's
/// `Compose` files.
///
/// Only evdev decoding needs one: text from a terminal has already been composed.
/// Not thread-safe; see ``Keymap``.
public final class ComposeTable {
  /// Kept alive for its log collector.
  let context: XKBContext
  /// The C table; owned, released in `deinit`.
  let pointer: OpaquePointer
  /// The locale the table was loaded for.
  public let locale: String

  /// The locale compose should use, from `LC_ALL`, `LC_CTYPE` or `LANG` (the first set and
  /// non-empty), else `C`; this is the order the C library uses for `LC_CTYPE`.
  public static func localeFromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = environment[name], !value.isEmpty { return value }
    }
    return "C"
  }

  /// Loads the table for a locale, searching `XCOMPOSEFILE`, `~/.config/XCompose`,
  /// `~/.XCompose`, then the system X11 locale directory, as xkbcommon does.
  ///
  /// - Parameter locale: Such as `en_US.UTF-8`; defaults to ``localeFromEnvironment(_:)``.
  /// - Throws: ``ComposeError`` when the locale name is invalid or has no table.
  public init(locale: String = ComposeTable.localeFromEnvironment()) throws(ComposeError) {
    guard !locale.isEmpty, !locale.contains("\0") else { throw ComposeError(.invalidLocale(locale)) }
    guard let context = XKBContext(ignoringEnvironment: false) else {
      throw ComposeError(.contextUnavailable)
    }
    let table = xkb_compose_table_new_from_locale(
      context.pointer, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
    guard let table else {
      throw ComposeError(.noTableForLocale(locale), log: context.log.drain())
    }
    self.context = context
    self.pointer = table
    self.locale = locale
  }

  /// Loads compose text (the `Compose` file format).
  ///
  /// - Parameters:
  ///   - string: The sequences, such as `<dead_acute> <e> : "é" eacute`.
  ///   - locale: Resolves `include "%L"` lines; `C` by default.
  /// - Throws: ``ComposeError`` for empty text, NUL, or any line xkbcommon cannot read
  ///   (xkbcommon would skip it; the error carries its line and column).
  public convenience init(string: String, locale: String = "C") throws(ComposeError) {
    try self.init(bytes: Array(string.utf8), locale: locale, source: "compose text")
  }

  /// Loads the compose file at `path`.
  ///
  /// - Throws: ``ComposeError`` for a missing or unreadable file or unusable text.
  public convenience init(contentsOfFile path: String, locale: String = "C") throws(ComposeError) {
    guard FileManager.default.fileExists(atPath: path) else {
      throw ComposeError(.fileNotFound(path: path))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ComposeError(.unreadableFile(path: path, errno: errno))
    }
    try self.init(bytes: Array(data), locale: locale, source: path)
  }

  private init(bytes: [UInt8], locale: String, source: String) throws(ComposeError) {
    guard !locale.isEmpty, !locale.contains("\0") else { throw ComposeError(.invalidLocale(locale)) }
    guard !bytes.isEmpty else { throw ComposeError(.invalidComposeText("\(source) is empty")) }
    if let nul = bytes.firstIndex(of: 0) {
      throw ComposeError(.invalidComposeText("\(source) contains NUL at byte \(nul)"))
    }
    guard let context = XKBContext(ignoringEnvironment: true) else {
      throw ComposeError(.contextUnavailable)
    }
    let table = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        xkb_compose_table_new_from_buffer(
          context.pointer, $0.baseAddress, $0.count, locale, XKB_COMPOSE_FORMAT_TEXT_V1,
          XKB_COMPOSE_COMPILE_NO_FLAGS)
      }
    }
    guard let table else {
      throw ComposeError(.invalidComposeText("\(source) was refused"), log: context.log.drain())
    }
    // xkbcommon skips bad lines with an error in the log; for text the caller wrote, that
    // is a mistake to report, not to hide.
    let errors = context.log.lines.filter { $0.hasPrefix("error:") || $0.hasPrefix("critical:") }
    if let first = errors.first {
      xkb_compose_table_unref(table)
      throw ComposeError(
        .invalidComposeText("\(source): " + first.dropFirst("error: ".count)),
        log: context.log.drain())
    }
    self.context = context
    self.pointer = table
    self.locale = locale
  }

  deinit { xkb_compose_table_unref(pointer) }

  /// Lines xkbcommon logged while loading (bad lines it skipped, for example).
  public var log: [String] { context.log.lines }
}
