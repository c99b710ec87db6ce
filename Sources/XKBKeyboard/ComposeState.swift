import CXKBCommon
import ResponderKit

/// Runs compose sequences from one ``ComposeTable`` over the keysyms of key presses.
///
/// Feed the keysym of every press and repeat (not releases) to ``feed(_:)``.
public final class ComposeState {
  /// The table; kept alive by the state.
  public let table: ComposeTable
  /// The C state; owned, released in `deinit`.
  let pointer: OpaquePointer
  /// What xkbcommon did with the last keysym given to ``feed(_:)``; nil before the first.
  public private(set) var lastFeedResult: FeedResult?

  /// What xkbcommon did with a fed keysym (`xkb_compose_feed_result`).
  public enum FeedResult: Hashable, Sendable {
    /// The keysym took part in compose: it started, advanced, finished or broke a sequence.
    case accepted
    /// Compose ignored the keysym (a modifier key such as Shift); nothing changed.
    case ignored
  }

  /// Creates a state with no sequence in progress; nil only when out of memory.
  public init?(table: ComposeTable) {
    guard let state = xkb_compose_state_new(table.pointer, XKB_COMPOSE_STATE_NO_FLAGS) else {
      return nil
    }
    self.table = table
    self.pointer = state
  }

  deinit { xkb_compose_state_unref(pointer) }

  /// Advances the sequence with a pressed key's keysym.
  ///
  /// - Returns: The status after the keysym. Keysyms compose ignores (modifiers such as
  ///   Shift, so `dead_acute Shift+e` gives `É`) return ``ComposeStatus/nothing`` and leave a
  ///   sequence in progress untouched; ``status`` still says `composing` then.
  @discardableResult
  public func feed(_ keysym: Keysym) -> ComposeStatus {
    if xkb_compose_state_feed(pointer, keysym.rawValue) == XKB_COMPOSE_FEED_IGNORED {
      lastFeedResult = .ignored
      return .nothing
    }
    lastFeedResult = .accepted
    return status
  }

  /// Abandons any sequence in progress.
  public func reset() {
    xkb_compose_state_reset(pointer)
    lastFeedResult = nil
  }

  /// The current status.
  public var status: ComposeStatus {
    switch xkb_compose_state_get_status(pointer) {
    case XKB_COMPOSE_COMPOSING: return .composing
    case XKB_COMPOSE_CANCELLED: return .cancelled
    case XKB_COMPOSE_COMPOSED:
      let needed = Int(xkb_compose_state_get_utf8(pointer, nil, 0))
      var text = ""
      if needed > 0 {
        var bytes = [CChar](repeating: 0, count: needed + 1)
        bytes.withUnsafeMutableBufferPointer {
          _ = xkb_compose_state_get_utf8(pointer, $0.baseAddress, $0.count)
        }
        text = String(decoding: bytes.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      return .composed(text: text, keysym: Keysym(xkb_compose_state_get_one_sym(pointer)))
    default: return .nothing
    }
  }
}
