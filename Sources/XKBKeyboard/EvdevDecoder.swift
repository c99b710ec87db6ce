import ResponderKit

/// Turns raw evdev `input_event` bytes into key events through a ``KeyboardState`` and,
/// optionally, a ``ComposeState``.
///
/// Bytes may arrive in any split (a read can end inside a record); the decoder keeps the
/// partial record until the rest comes. Only `EV_KEY` records make events; repeats of keys
/// that do not repeat (modifiers) are dropped, as xkbcommon's guide says; dead keys type
/// nothing and the finished sequence types the composed text.
///
/// Not thread-safe; use it from one queue.
public final class EvdevDecoder {
  /// The keyboard state the keys go through.
  public let state: KeyboardState
  /// The compose state, if composing.
  public let compose: ComposeState?
  /// The fast key path, with the full path's answers.
  private let translator: KeyEventTranslator
  /// Bytes of an incomplete record.
  private var pending: [UInt8] = []
  /// `EV_KEY` records whose value was not 0, 1 or 2, which the kernel never sends; counted
  /// so a corrupt stream is visible rather than silently dropped.
  public private(set) var invalidRecordCount = 0

  /// Creates a decoder.
  public init(state: KeyboardState, compose: ComposeState? = nil) {
    self.state = state
    self.compose = compose
    translator = KeyEventTranslator(state: state)
    pending.reserveCapacity(EvdevRecord.size)
  }

  /// How many bytes of an incomplete record are waiting for the rest.
  public var pendingByteCount: Int { pending.count }

  /// Decodes bytes, calling `handler` for every key event in order.
  public func decode(_ bytes: UnsafeRawBufferPointer, _ handler: (KeyEvent) -> Void) {
    var offset = 0
    if !pending.isEmpty {
      let take = min(EvdevRecord.size - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<take])
      offset = take
      guard pending.count == EvdevRecord.size else { return }
      // Exactly `size` bytes are pending here, so the record always reads.
      let record = pending.withUnsafeBytes { EvdevRecord(bytes: $0) }
      pending.removeAll(keepingCapacity: true)
      if let record { decode(record, handler) }
    }
    let count = bytes.count
    if count - offset >= EvdevRecord.size, let base = bytes.baseAddress {
      offset = withUnsafeTemporaryAllocation(of: KeyEvent.self, capacity: 1) { spent in
        let slot = spent.baseAddress!
        // Counted locally: `offset` itself is captured, so every change would be stored.
        var start = offset
        while count &- start >= EvdevRecord.size {
          decodeRecord(at: base + start, handler, spent: slot)
          start &+= EvdevRecord.size
        }
        return start
      }
    }
    if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
  }

  /// Decodes bytes and returns the key events.
  public func decode(_ bytes: [UInt8]) -> [KeyEvent] {
    var events: [KeyEvent] = []
    bytes.withUnsafeBytes { decode($0) { events.append($0) } }
    return events
  }

  /// Decodes one record.
  public func decode(_ record: EvdevRecord, _ handler: (KeyEvent) -> Void) {
    // Written out as the kernel's bytes, so that one path decodes both ways in.
    let alignment = MemoryLayout<Int>.alignment
    withUnsafeTemporaryAllocation(byteCount: EvdevRecord.size, alignment: alignment) { bytes in
      record.store(to: bytes.baseAddress!)
      withUnsafeTemporaryAllocation(of: KeyEvent.self, capacity: 1) { spent in
        decodeRecord(at: bytes.baseAddress!, handler, spent: spent.baseAddress!)
      }
    }
  }

  /// Decodes one record; inlined into the loop over bytes, where a call per record would
  /// save and restore the registers every time.
  @inline(__always)
  private func decodeRecord(
    at start: UnsafeRawPointer, _ handler: (KeyEvent) -> Void, spent: UnsafeMutablePointer<KeyEvent>
  ) {
    // The fields are read where they are used, not kept across the calls into xkbcommon.
    var record: EvdevRecord { EvdevRecord(at: start) }
    guard record.type == EvdevRecord.key else { return }
    let code = UInt32(record.code)
    if compose == nil {
      // Presses and releases, nearly every record, each down a path of its own phase.
      switch record.value {
      case 0: return decodeKey(code, phase: .up, at: start, handler, spent: spent)
      case 1: return decodeKey(code, phase: .down, at: start, handler, spent: spent)
      default: break
      }
    }
    let phase: KeyEvent.Phase
    switch record.value {
    case 0: phase = .up
    case 1: phase = .down
    case 2:
      guard state.repeats(keyCode: code) else { return }
      phase = .repeat
    default:
      invalidRecordCount += 1
      return
    }
    handler(composedKeyEvent(forKeyCode: code, phase: phase, timestamp: record.timestamp))
  }

  /// Decodes a press or release without composing; inlined once per phase, so that what the
  /// phase decides folds away (a release has no text to check or encode).
  ///
  /// A key event built from scalars holds no reference, so once the handler has it, it is
  /// moved into `spent` rather than destroyed (a `KeyEvent`'s destroy goes through its value
  /// witness, ~28 instructions); the next such event overwrites it, and the memory is
  /// released without a deinitialization, which such a value does not need.
  @inline(__always)
  private func decodeKey(
    _ code: UInt32, phase: KeyEvent.Phase, at start: UnsafeRawPointer, _ handler: (KeyEvent) -> Void,
    spent: UnsafeMutablePointer<KeyEvent>
  ) {
    // Read where it is used, not kept across the calls into xkbcommon.
    var timestamp: Double { EvdevRecord(at: start).timestamp }
    switch translator.answer(forKeyCode: code, phase: phase) {
    case .translated(let key):
      // Nearly every key: translated inline and the event built in place, with no String;
      // the state changes before the handler runs, as with the translator's own events.
      let event = key.keyEvent(phase: phase, keyCode: code, timestamp: timestamp)
      translator.update(forKeyCode: code, phase: phase)
      handler(event)
      spent.initialize(to: consume event)
    case .transformed(let mods, let count):
      handler(
        translator.transformedKeyEvent(
          forKeyCode: code, phase: phase, mods: mods, count: count, timestamp: timestamp))
    }
  }

  /// The key event through the compose state, or of a key with several keysyms.
  @inline(never)
  private func composedKeyEvent(forKeyCode code: UInt32, phase: KeyEvent.Phase, timestamp: Double) -> KeyEvent
  {
    var event = translator.keyEvent(forKeyCode: code, phase: phase, timestamp: timestamp)
    if phase != .up, let compose, event.keysym != .noSymbol {
      switch compose.feed(event.keysym) {
      case .nothing: break
      case .composing, .cancelled:
        event.characters = ""
        event.charactersIgnoringModifiers = ""
      case .composed(let text, let keysym):
        event.characters = text
        event.charactersIgnoringModifiers = text
        if keysym != .noSymbol { event.keysym = keysym }
      }
    }
    return event
  }
}
