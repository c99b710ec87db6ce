import CXKBCommon
import CXKBCommonShims

/// Owns one `xkb_context` and the log collector its C log callback writes to.
///
/// xkbcommon reference counts are plain integers, so a context is confined to the objects
/// built from it and is never shared across threads.
final class XKBContext {
  /// Why no context could be made, with what xkbcommon logged while trying.
  struct Failure: Error {
    var log: [String]
  }

  /// The C context; owned, released in `deinit`.
  let pointer: OpaquePointer
  /// What xkbcommon logged through this context, brought up to date from the shim's buffer.
  var log: XKBLog {
    logStorage.take(from: pointer)
    return logStorage
  }
  private let logStorage = XKBLog()

  /// Creates a context. With `ignoringEnvironment`, `XKB_DEFAULT_*` variables are not read,
  /// which tests use to be independent of the machine they run on.
  ///
  /// The context is made without include paths so that nothing can be logged before the
  /// handler is installed (xkbcommon's default handler writes to stderr); the default paths
  /// are added afterwards, and the lines their failure logs are carried in the error.
  init(ignoringEnvironment: Bool) throws(Failure) {
    var flags = XKB_CONTEXT_NO_DEFAULT_INCLUDES.rawValue
    if ignoringEnvironment { flags |= XKB_CONTEXT_NO_ENVIRONMENT_NAMES.rawValue }
    guard let context = xkb_context_new(xkb_context_flags(rawValue: flags)) else {
      throw Failure(log: [])
    }
    if CXKBCommonShims_installLogger(context) != 0 {
      // Without a handler xkbcommon would print to stderr; refuse instead.
      xkb_context_unref(context)
      throw Failure(log: [])
    }
    pointer = context
    // Which paths failed is logged at debug level only; keep it for the error.
    xkb_context_set_log_level(context, XKB_LOG_LEVEL_DEBUG)
    let added = xkb_context_include_path_append_default(context) != 0
    let pathLog = log.drain()
    guard added else { throw Failure(log: pathLog) }
    // Warnings explain most failures; the default level (error) hides them.
    xkb_context_set_log_level(context, XKB_LOG_LEVEL_WARNING)
  }

  deinit {
    CXKBCommonShims_removeLogger(pointer)
    xkb_context_unref(pointer)
  }

  /// The directories xkbcommon searches for keymap components, in search order.
  var includePaths: [String] {
    (0..<xkb_context_num_include_paths(pointer)).compactMap { index in
      xkb_context_include_path_get(pointer, index).map { String(cString: $0) }
    }
  }
}
