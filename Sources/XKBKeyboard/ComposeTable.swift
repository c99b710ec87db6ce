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
    let context: XKBContext
    do {
      context = try XKBContext(ignoringEnvironment: false)
    } catch {
      throw ComposeError(.contextUnavailable, log: error.log)
    }
    let table = xkb_compose_table_new_from_locale(
      context.pointer, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
    guard let table else {
      throw ComposeError(.noTableForLocale(locale), log: Keymap.errorLines(context.log.drain()))
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
  /// - Throws: ``ComposeError`` for a missing or unreadable file, a path that is not a
  ///   regular file (a directory, FIFO or device), a file over 16 MiB, or unusable text.
  public convenience init(contentsOfFile path: String, locale: String = "C") throws(ComposeError) {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(path)
    } catch {
      switch error {
      case .notFound: throw ComposeError(.fileNotFound(path: path))
      case .notRegular(let type): throw ComposeError(.notRegularFile(path: path, fileType: type))
      case .tooLarge(let size):
        throw ComposeError(.fileTooLarge(path: path, size: size, limit: BoundedFile.limit))
      case .unreadable(let code): throw ComposeError(.unreadableFile(path: path, errno: code))
      }
    }
    try self.init(bytes: bytes, locale: locale, source: path)
  }

  private init(bytes: [UInt8], locale: String, source: String) throws(ComposeError) {
    guard !locale.isEmpty, !locale.contains("\0") else { throw ComposeError(.invalidLocale(locale)) }
    guard !bytes.isEmpty else { throw ComposeError(.invalidComposeText("\(source) is empty")) }
    if let nul = bytes.firstIndex(of: 0) {
      throw ComposeError(.invalidComposeText("\(source) contains NUL at byte \(nul)"))
    }
    try ComposeIncludes.check(bytes)
    let context: XKBContext
    do {
      context = try XKBContext(ignoringEnvironment: true)
    } catch {
      throw ComposeError(.contextUnavailable, log: error.log)
    }
    let table = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        xkb_compose_table_new_from_buffer(
          context.pointer, $0.baseAddress, $0.count, locale, XKB_COMPOSE_FORMAT_TEXT_V1,
          XKB_COMPOSE_COMPILE_NO_FLAGS)
      }
    }
    // Lines about the caller's text name it `(input string)`; lines about files it includes
    // (`include "%L"`) name those files and are not the caller's mistakes.
    let own = Keymap.errorLines(context.log.lines).filter { $0.contains(" (input string):") }
    guard let table else {
      throw ComposeError(.invalidComposeText("\(source) was refused"), log: own)
    }
    // xkbcommon skips bad lines with an error in the log; for text the caller wrote, that
    // is a mistake to report, not to hide.
    if let first = own.first, let colon = first.firstIndex(of: ":") {
      xkb_compose_table_unref(table)
      let message = first[first.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      throw ComposeError(.invalidComposeText("\(source): " + message), log: own)
    }
    self.context = context
    self.pointer = table
    self.locale = locale
  }

  deinit { xkb_compose_table_unref(pointer) }

  /// Lines xkbcommon logged while loading (bad lines it skipped, for example).
  public var log: [String] { context.log.lines }
}
