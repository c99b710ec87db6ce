import Foundation
import ResponderKit

/// Turns the bytes a terminal sends into ``TerminalInput`` values, incrementally.
///
/// Feed every read to ``parse(_:at:into:)`` (or ``parse(_:at:each:)`` to handle items as they
/// come); the parser keeps whatever sequence is cut off at the end of a read and finishes it
/// with the next one, so any split of a byte stream gives the same items. Understood: UTF-8
/// text (invalid bytes become U+FFFD and never hold back what follows), C0 controls, Alt as
/// an ESC prefix, legacy xterm/VT keys in CSI and SS3 form with modifiers (plus the Linux
/// console's `CSI [ A`…`E` and `CSI G`, rxvt's `CSI a`…`d`, `SS3 a`…`d` and its `$`, `^`
/// and `@` finals), xterm modifyOtherKeys, the whole kitty keyboard protocol (unshifted,
/// shifted and base-layout keys and associated text all kept), every mouse encoding (X10 and
/// normal, UTF-8 1005, urxvt 1015, SGR 1006, SGR-pixel 1016), bracketed paste, focus
/// reports, control strings (OSC, DCS, APC, PM, SOS) and the replies in ``TerminalReply``.
/// 8-bit C1 controls are read as invalid UTF-8. ``TerminalKeyEncoder`` writes keys back as
/// bytes.
///
/// **Unknown and broken sequences.** A *complete* sequence that is well formed but means
/// nothing here (a CSI with an unknown final, a control string that is not a reply) is one
/// ``TerminalInput/unknown(_:)``, never keys. A sequence that *cannot* complete — a byte that
/// is not allowed inside it arrives, or the escape timeout passes first — was typed: its
/// introducer is the key Alt plus the introducer's character (`ESC [` is Alt+`[`, `ESC ]`
/// Alt+`]`, `ESC P` Alt+`P`, `ESC O` Alt+`O`) and every byte after it is parsed again as
/// ordinary input, as xterm and kitty users expect.
///
/// **Control strings.** `ESC ]`, `ESC P`, `ESC _`, `ESC ^` and `ESC X` start a string that
/// runs to BEL or ST (`ESC \`); one that ends before the escape timeout, in one read or
/// several, is consumed whole: replies (``TerminalReply/operatingSystemCommand(code:text:)``,
/// ``TerminalReply/deviceControlString(_:)``, ``TerminalReply/applicationProgramCommand(_:)``)
/// are surfaced, anything else is one `.unknown`. Inside a string only printable bytes and
/// UTF-8 are allowed, so Alt+`]` followed by Return is two keys at once.
///
/// **Mouse.** The left button is touch 0, the wheel scrolls, other buttons and hovering are
/// ``TerminalInput/pointer(_:)`` reports. Encodings that report a release without its button
/// (X10, urxvt) release the button last pressed. `ESC [ M` is followed by three raw bytes;
/// set ``utf8MouseCoordinates`` when mode 1005 is on, and ``mouseReportsPixels`` when mode 1016
/// is on, so SGR reports are read as pixels and converted to (fractional) cells with
/// ``cellPixelSize``.
///
/// Ambiguities, resolved one way: 0x08 is Control+H (Cocoa's bindings map Control+H to
/// `deleteBackward`, so it still erases; kitty and xterm send it for Control+BackSpace), or
/// BackSpace when ``reportsControlHAsBackSpace`` is set, as the host does when the terminal's
/// `VERASE` is ^H; 0x7F is BackSpace; 0x1F is Control+`_` (xterm sends it for Control+`_` and
/// Control+`/`); `CSI 1 ; m R` is a cursor position report, not F3; `CSI 29 ~` is F16 as in
/// xterm; Control+i, m, [ and ~ arrive in legacy bytes as Tab, Return, Escape and Control+^.
///
/// **Escape timeout.** A lone ESC may be the Escape key or the start of a sequence. The parser
/// waits: ``pendingDeadline`` says when the bytes held back must be settled; the run loop
/// calls ``expire(at:into:)`` then (or any later `parse` does it first). A held sequence is
/// settled when `time >= last byte's arrival + escapeTimeout`: ESC alone is Escape, ESC plus
/// one byte is Alt plus that key, a longer unfinished sequence cannot complete (its
/// introducer is Alt plus a key, the rest is parsed again). Settled items carry the time their
/// bytes arrived. The clock is the caller's; the parser never sleeps.
///
/// **Bounds.** A control sequence may be ``maxSequenceLength`` bytes long, with at most
/// ``maxParameterCount`` numbers; a longer one is reported once as `.unknown` holding its first
/// ``maxSequenceLength`` bytes, and the rest of it, up to and including its final byte, is
/// skipped. A control string may be ``maxStringLength`` bytes long; a longer one is one
/// `.unknown` holding its first ``maxStringLength`` bytes, and the rest is skipped up to its
/// terminator (or up to a control byte, which is parsed: a lost terminator cannot swallow
/// Return). An Alt-prefixed item (`ESC ESC [ …`) counts its extra ESC: when it would be
/// longer than ``maxSequenceLength``, the first ESC is Escape on its own. So the parser holds
/// at most ``maxStringLength`` bytes of sequence. Pasted text is
/// delivered in chunks: whenever more than ``pasteChunkLimit`` bytes have collected, the first
/// ``pasteChunkLimit`` (cut back to a UTF-8 boundary) are sent as one `.paste`; the rest goes
/// with the end marker, and an empty bracketed paste is one empty `.paste`. Pasted text is
/// the bytes as sent (invalid UTF-8 becomes U+FFFD; line ends are usually "\r"). Time is
/// linear in the input.
public struct InputParser: Sendable {
  /// The default escape timeout, 50 ms: neovim's `ttimeoutlen` default, long enough for
  /// sequences split by a slow link, short enough that Escape feels immediate.
  public static let defaultEscapeTimeout: TimeInterval = 0.05
  /// The longest control sequence accepted, in bytes, ESC included.
  public static let maxSequenceLength = 256
  /// The longest control string (OSC, DCS, APC, PM, SOS) accepted, in bytes, introducer and
  /// terminator included: room for colour, version and capability replies.
  public static let maxStringLength = 4096
  /// The most numbers (parameters and sub-parameters together) a control sequence may hold.
  public static let maxParameterCount = CSIParameters.capacity
  /// The default size of a paste chunk, 1 MiB.
  public static let defaultPasteChunkLimit = 1 << 20

  /// How long held-back bytes wait for the rest of their sequence, in seconds.
  /// A duration: NaN and negatives are 0, anything past 2³⁰ s is 2³⁰ s.
  public var escapeTimeout: TimeInterval {
    didSet { escapeTimeout = InputParser.duration(escapeTimeout) }
  }

  /// `seconds` under the duration rule (README, "Reliability").
  static func duration(_ seconds: TimeInterval) -> TimeInterval {
    seconds.isNaN ? 0 : min(max(seconds, 0), 1_073_741_824)
  }
  /// The bytes of pasted text collected before they are delivered as one chunk: at least 4
  /// (one UTF-8 character), so a smaller value, set here or at init, counts as 4 — 0 would
  /// deliver empty chunks for ever and a negative one cut before the text.
  public var pasteChunkLimit: Int {
    get { pasteChunkLimitStorage }
    set { pasteChunkLimitStorage = max(4, newValue) }
  }
  private var pasteChunkLimitStorage: Int
  /// Report 0x08 as BackSpace instead of Control+H: for terminals whose erase character
  /// (termios `VERASE`) is ^H, where the BackSpace key sends it. The host sets it.
  public var reportsControlHAsBackSpace = false
  /// Read the bytes after `ESC [ M` as UTF-8 characters (mode 1005) rather than raw bytes.
  public var utf8MouseCoordinates = false
  /// Read SGR mouse reports as pixels (mode 1016, SGR-pixel) and convert them to cells with
  /// ``cellPixelSize`` (``cellLocation(ofPixelX:y:cellSize:)``). Until the cell size is known
  /// such reports cannot be placed and are `.unknown`.
  public var mouseReportsPixels = false
  /// The size of a character cell in pixels, from the terminal's answer to `CSI 16 t`
  /// (``TerminalReply/cellPixelSize(_:)``); the host sets it.
  public var cellPixelSize: PixelSize?

  /// Bytes of an unfinished item, carried to the next call (< maxStringLength).
  var pending: [UInt8] = []
  /// When the last bytes arrived, for the escape deadline.
  var lastArrival: TimeInterval = 0
  /// Inside `CSI 200~ … CSI 201~`.
  var inPaste = false
  /// Pasted bytes not yet delivered.
  var pasteBytes: [UInt8] = []
  /// Whether the current paste already delivered a chunk.
  var pasteDeliveredChunk = false
  /// Skipping the tail of an over-long control sequence.
  var discardingSequence = false
  /// Skipping the tail of an over-long control string.
  var skippingString = false
  /// The mouse button last pressed (xterm's number, 0 left, 1 middle, 2 right, 8… extra;
  /// -1 none), for encodings whose release does not say which button.
  var pressedButton = -1
  /// The numbers of the control sequence being decoded.
  var parameters = CSIParameters()
  /// The one-touch array of the last left-button report, moved into its item and back when
  /// the item was only lent (empty while it is out), reused when no item holds it.
  var touchBuffer: [TouchSample] = []
  /// ``LegacyKeysyms/table``, held so that decoding a character does not go through the lazy
  /// global's initialization check each time.
  @usableFromInline
  let legacyKeysyms = LegacyKeysyms.table

  /// Creates a parser.
  public init(
    escapeTimeout: TimeInterval = InputParser.defaultEscapeTimeout,
    pasteChunkLimit: Int = InputParser.defaultPasteChunkLimit
  ) {
    self.escapeTimeout = InputParser.duration(escapeTimeout)
    self.pasteChunkLimitStorage = max(4, pasteChunkLimit)
    pending.reserveCapacity(InputParser.maxSequenceLength)
  }

  /// When held-back bytes must be settled with ``expire(at:into:)``, or nil when nothing
  /// waits. Inside a paste nothing times out: the end marker is awaited however long.
  public var pendingDeadline: TimeInterval? {
    guard !pending.isEmpty, !inPaste else { return nil }
    return lastArrival + escapeTimeout
  }

  /// Bytes currently held: an unfinished sequence plus undelivered pasted text.
  public var bufferedByteCount: Int { pending.count + pasteBytes.count }

  /// Whether the parser is inside a bracketed paste.
  public var isInPaste: Bool { inPaste }

  /// Parses bytes that arrived at `time`, appending what they complete to `items`.
  ///
  /// Held-back bytes whose deadline has passed are settled first, as ``expire(at:into:)``.
  public mutating func parse(
    _ bytes: UnsafeRawBufferPointer, at time: TimeInterval, into items: inout [TerminalInput]
  ) {
    feed(bytes, at: time, into: &items, each: { _ in })
  }

  /// Parses bytes that arrived at `time`, handing each item to `body` as it is decoded.
  ///
  /// The fastest form: items are lent to `body`, not collected, so a run loop can dispatch
  /// them without copying. Held-back bytes whose deadline has passed are settled first.
  @inlinable
  public mutating func parse(
    _ bytes: UnsafeRawBufferPointer, at time: TimeInterval, each body: (TerminalInput) -> Void
  ) {
    // Typed text (printable ASCII and UTF-8), the bulk of input, is delivered here, in the
    // caller's module, where `body` can be inlined: an opaque call per character cost more
    // than the character's decoding (callgrind, plain text). Everything else is decoded out
    // of line, which stops where text starts.
    var offset = feedStoppingAtText(bytes, at: time, each: body)
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
    let count = bytes.count
    guard offset < count else { return }
    let legacyKeysyms = legacyKeysyms
    // A text key holds no references: built in a spare slot, lent, and overwritten there by
    // the next, never destroyed (a destroy is an outlined call per key).
    withUnsafeTemporaryAllocation(of: TerminalInput.self, capacity: 1) { buffer in
      let spare = buffer.baseAddress!
      let sink = ClosureSink()
      while offset < count {
        let byte = base[offset]
        if InputParser.isPrintableASCII(byte) {
          // Its own loop: merged with the UTF-8 one, it cost plain text a quarter of its speed.
          repeat {
            spare.initialize(to: .event(.key(InputParser.asciiKey(base[offset], time: time))))
            sink.accept(referenceFreeAt: spare, body)
            offset += 1
          } while offset < count && InputParser.isPrintableASCII(base[offset])
          continue
        }
        guard byte >= 0x80 else {
          offset = resumeAfterText(bytes, at: offset, time: time, stoppingAtText: true, each: body)
          continue
        }
        let (used, scalar) = InputParser.scanUTF8(base + offset, count - offset, final: false)
        guard used > 0 else {
          // Cut off by the end of the read: held for the next.
          offset = resumeAfterText(bytes, at: offset, time: time, stoppingAtText: false, each: body)
          continue
        }
        spare.initialize(
          to: .event(.key(InputParser.characterKey(scalar, legacyKeysyms: legacyKeysyms, time: time))))
        sink.accept(referenceFreeAt: spare, body)
        offset += used
      }
    }
  }

  /// Whether `byte` is printable ASCII (0x20…0x7e): one key, whatever follows, outside a
  /// paste or a skipped sequence.
  @inlinable
  static func isPrintableASCII(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5f }

  /// Whether `byte` starts typed text outside a paste or a skipped sequence: printable ASCII
  /// or any byte of 0x80 and above (UTF-8, invalid bytes being U+FFFD).
  static func isText(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7f }

  /// `parse(_:at:each:)`'s start: ``feed(_:at:into:each:stoppingAtText:)`` up to the first
  /// typed text outside a paste; returns where it starts, or `bytes.count`.
  @usableFromInline
  mutating func feedStoppingAtText(
    _ bytes: UnsafeRawBufferPointer, at time: TimeInterval, each body: (TerminalInput) -> Void
  ) -> Int {
    var sink = ClosureSink()
    return feed(bytes, at: time, into: &sink, each: body, stoppingAtText: true)
  }

  /// `parse(_:at:each:)` after text, at `offset` (< `bytes.count`): decodes on to the next
  /// text when `stoppingAtText` and returns where it starts, or `bytes.count`, keeping an
  /// unfinished item's bytes.
  @usableFromInline
  mutating func resumeAfterText(
    _ bytes: UnsafeRawBufferPointer, at offset: Int, time: TimeInterval, stoppingAtText: Bool,
    each body: (TerminalInput) -> Void
  ) -> Int {
    var sink = ClosureSink()
    return runRest(
      bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), offset, bytes.count, time: time, into: &sink,
      each: body, stoppingAtText: stoppingAtText)
  }

  /// The body of the `parse` methods, for any sink. When `stoppingAtText`, stops where typed
  /// text starts an item outside a paste and returns its offset (the caller delivers the
  /// text); otherwise returns `bytes.count`.
  @discardableResult
  mutating func feed(
    _ bytes: UnsafeRawBufferPointer, at time: TimeInterval, into items: inout some InputSink,
    each body: (TerminalInput) -> Void, stoppingAtText: Bool = false
  ) -> Int {
    if let deadline = pendingDeadline, time >= deadline { settlePending(at: time, into: &items, each: body) }
    guard let raw = bytes.baseAddress, bytes.count > 0 else { return bytes.count }
    let base = raw.assumingMemoryBound(to: UInt8.self)
    let count = bytes.count
    lastArrival = time
    var offset = 0
    // Finish the carried item, adding input a bounded slice at a time.
    while !pending.isEmpty && offset < count {
      // A sequence's worth at first; a control string may need up to its own bound.
      let window =
        pending.count < InputParser.maxSequenceLength
        ? InputParser.maxSequenceLength : InputParser.maxStringLength
      let take = min(window - pending.count, count - offset)
      pending.append(contentsOf: UnsafeBufferPointer(start: base + offset, count: take))
      offset += take
      var carried: [UInt8] = []
      swap(&carried, &pending)
      let used = carried.withUnsafeBufferPointer { buffer in
        run(buffer.baseAddress!, buffer.count, final: false, time: time, into: &items, each: body)
      }
      if used < carried.count {
        carried.removeFirst(used)
        swap(&carried, &pending)
      } else {
        carried.removeAll(keepingCapacity: true)
        swap(&carried, &pending)
      }
    }
    guard offset < count else { return count }
    return runRest(base, offset, count, time: time, into: &items, each: body, stoppingAtText: stoppingAtText)
  }

  /// Parses `base[offset..<count]` with nothing carried, keeping an unfinished item's bytes;
  /// returns `count`, or where typed text starts when `stoppingAtText`.
  mutating func runRest(
    _ base: UnsafePointer<UInt8>, _ offset: Int, _ count: Int, time: TimeInterval,
    into items: inout some InputSink, each body: (TerminalInput) -> Void, stoppingAtText: Bool
  ) -> Int {
    let used = run(
      base + offset, count - offset, final: false, stoppingAtText: stoppingAtText, time: time, into: &items,
      each: body)
    if stoppingAtText && offset + used < count && InputParser.isText(base[offset + used])
      && pending.isEmpty && !inPaste && !discardingSequence && !skippingString
    {
      return offset + used
    }
    if offset + used < count {
      pending.append(
        contentsOf: UnsafeBufferPointer(start: base + offset + used, count: count - offset - used))
    }
    return count
  }

  /// Parses bytes that arrived at `time` and returns the items they complete.
  public mutating func parse(_ bytes: some Sequence<UInt8>, at time: TimeInterval)
    -> [TerminalInput]
  {
    var items: [TerminalInput] = []
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      parse(UnsafeRawBufferPointer(buffer), at: time, into: &items)
    }
    if done == nil {
      let array = Array(bytes)
      array.withUnsafeBytes { parse($0, at: time, into: &items) }
    }
    return items
  }

  /// Settles held-back bytes if their deadline has passed at `time`.
  public mutating func expire(at time: TimeInterval, into items: inout [TerminalInput]) {
    guard let deadline = pendingDeadline, time >= deadline else { return }
    settlePending(at: time, into: &items, each: { _ in })
  }

  /// Settles held-back bytes if their deadline has passed at `time`, returning the items.
  public mutating func expire(at time: TimeInterval) -> [TerminalInput] {
    var items: [TerminalInput] = []
    expire(at: time, into: &items)
    return items
  }

  /// Settles everything now, deadline or not: held-back bytes, and an unfinished paste,
  /// whose text is delivered and which then ends. For end of input (EOF on the tty).
  public mutating func flush(at time: TimeInterval) -> [TerminalInput] {
    var items: [TerminalInput] = []
    settlePending(at: time, into: &items, each: { _ in })
    if inPaste { finishPaste(at: time, into: &items, each: { _ in }) }
    discardingSequence = false
    skippingString = false
    return items
  }

  /// Decides the held-back bytes with no more to come. Their items keep the time the bytes
  /// arrived, not the time of the timeout.
  mutating func settlePending(
    at time: TimeInterval, into items: inout some InputSink,
    each body: (TerminalInput) -> Void
  ) {
    guard !pending.isEmpty else { return }
    var carried: [UInt8] = []
    swap(&carried, &pending)
    _ = carried.withUnsafeBufferPointer { buffer in
      run(buffer.baseAddress!, buffer.count, final: true, time: lastArrival, into: &items, each: body)
    }
  }

  // MARK: - The loop

  /// Parses items from `p[0..<n]`, returning how many bytes they used. Stops before an item
  /// that needs more bytes, unless `final`, in which case everything is used; and, when
  /// `stoppingAtText`, before typed text outside a paste.
  mutating func run(
    _ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, stoppingAtText: Bool = false, time: TimeInterval,
    into items: inout some InputSink,
    each body: (TerminalInput) -> Void
  ) -> Int {
    var i = 0
    // The outer loop handles the modes (paste, skipping); the inner one ordinary input, item
    // after item, without looking at the modes again until an item changes them.
    modes: while i < n {
      if inPaste {
        let used = stepPaste(p + i, n - i, final: final, time: time, into: &items, each: body)
        if used == 0 { break }
        i += used
        continue
      }
      if discardingSequence {
        let byte = p[i]
        if byte >= 0x20 && byte <= 0x3f {
          i += 1
          continue
        }
        discardingSequence = false
        if byte >= 0x40 && byte <= 0x7e { i += 1 }
        continue
      }
      if skippingString {
        let used = skipString(p + i, n - i, final: final)
        if used == 0 { break }
        i += used
        continue
      }
      while i < n {
        let byte = p[i]
        if InputParser.isText(byte) {
          if stoppingAtText { return i }
          // Typed text, the bulk of any input, decoded in runs.
          let end = scanText(p, i, n, final: final, time: time, into: &items, each: body)
          if end == i { break modes }
          i = end
          continue
        }
        if byte == 0x1b && n - i > 2 && p[i + 1] == 0x5b,
          let used = deliverCommonCSI(p + i, n - i, time: time, into: &items, each: body)
        {
          i += used
          if inPaste { continue modes }
          continue
        }
        if let used = deliverPlainKey(p + i, n - i, time: time, into: &items, each: body) {
          i += used
          continue
        }
        var step = decode(p + i, n - i, final: final, altPrefixed: false, time: time)
        if step.used == 0 { break modes }
        i += step.used
        if let item = step.item.take() {
          trackMouseButton(item)
          items.accept(item, returningTouchesTo: &touchBuffer, body)
        }
        switch step.effect {
        case .none: continue
        case .startPaste:
          inPaste = true
          pasteDeliveredChunk = false
        case .discardRest: discardingSequence = true
        case .skipString: skippingString = true
        }
        continue modes
      }
    }
    return i
  }

  /// Delivers the run of printable ASCII and UTF-8 characters at `p[start...]` (outside a
  /// paste), one key each, and returns where it stopped: at a control byte, DEL, or a
  /// character cut off by the end of `p` (unless `final`). Invalid UTF-8 is U+FFFD.
  ///
  /// A text key holds no references, so it is built in a spare slot, lent, and overwritten
  /// there by the next, never destroyed.
  @inline(__always)
  func scanText(
    _ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int, final: Bool, time: TimeInterval,
    into items: inout some InputSink, each body: (TerminalInput) -> Void
  ) -> Int {
    withUnsafeTemporaryAllocation(of: TerminalInput.self, capacity: 1) { buffer in
      let spare = buffer.baseAddress!
      let legacyKeysyms = legacyKeysyms
      var i = start
      while i < n {
        let byte = p[i]
        if byte < 0x7f {
          guard byte >= 0x20 else { break }
          spare.initialize(to: .event(.key(InputParser.asciiKey(byte, time: time))))
          items.accept(referenceFreeAt: spare, body)
          i += 1
        } else {
          guard byte != 0x7f else { break }
          let (used, scalar) = InputParser.scanUTF8(p + i, n - i, final: final)
          if used == 0 { break }
          spare.initialize(
            to: .event(.key(InputParser.characterKey(scalar, legacyKeysyms: legacyKeysyms, time: time))))
          items.accept(referenceFreeAt: spare, body)
          i += used
        }
      }
      return i
    }
  }

  /// Delivers the key at `p` when it is a C0 control or DEL, one of those or a printable
  /// ASCII key after ESC (Alt plus the key), or a known `ESC O x` key, and returns the bytes
  /// used; nil for anything else, which ``decode(_:_:final:altPrefixed:time:)`` decides.
  /// The commonest keys after text and CSI, built in place like text: they hold no references.
  @inline(__always)
  func deliverPlainKey(
    _ p: UnsafePointer<UInt8>, _ n: Int, time: TimeInterval, into items: inout some InputSink,
    each body: (TerminalInput) -> Void
  ) -> Int? {
    func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x1b) || byte == 0x7f }
    // Each key is written straight into the slot: a `KeyEvent` held in a local first is
    // copied through its value witness.
    return withUnsafeTemporaryAllocation(of: TerminalInput.self, capacity: 1) { buffer -> Int? in
      let slot = buffer.baseAddress!
      var used = 1
      if p[0] != 0x1b {
        guard isControl(p[0]) else { return nil }
        slot.initialize(
          to: .event(
            .key(InputParser.controlKey(p[0], controlHIsBackSpace: reportsControlHAsBackSpace, time: time))))
      } else {
        guard n >= 2 else { return nil }
        let next = p[1]
        if next == 0x4f {
          guard n >= 3, p[2] >= 0x20 && p[2] < 0x7f, let key = InputParser.ss3Key(p[2], time: time) else {
            return nil
          }
          slot.initialize(to: .event(.key(consume key)))
          used = 3
        } else if isControl(next)
          || (next >= 0x20 && next < 0x7f && next != 0x5b && !InputParser.isStringIntroducer(next))
        {
          var key =
            isControl(next)
            ? InputParser.controlKey(next, controlHIsBackSpace: reportsControlHAsBackSpace, time: time)
            : InputParser.asciiKey(next, time: time)
          key.modifierFlags = KeyEvent.ModifierFlags(
            rawValue: key.modifierFlags.rawValue | InputParser.altBit)
          slot.initialize(to: .event(.key(consume key)))
          used = 2
        } else {
          return nil
        }
      }
      items.accept(referenceFreeAt: slot, body)
      return used
    }
  }

  /// What decoding one item asks the loop to do besides delivering it.
  enum Effect {
    case none
    case startPaste
    case discardRest
    case skipString
  }

  /// One decoded item: bytes used (0: needs more), the item, and a state change.
  struct Step {
    var used: Int
    var item: TerminalInput?
    var effect: Effect = .none

    static let incomplete = Step(used: 0, item: nil)
  }

  /// Decodes the item at `p` (not printable ASCII outside a paste: the loop does those).
  mutating func decode(
    _ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, altPrefixed: Bool, time: TimeInterval
  ) -> Step {
    let byte = p[0]
    if byte >= 0x20 && byte < 0x7f {
      return Step(used: 1, item: .event(.key(InputParser.asciiKey(byte, time: time))))
    }
    if byte == 0x1b {
      return decodeEscape(p, n, final: final, altPrefixed: altPrefixed, time: time)
    }
    if byte < 0x20 || byte == 0x7f {
      let key = InputParser.controlKey(byte, controlHIsBackSpace: reportsControlHAsBackSpace, time: time)
      return Step(used: 1, item: .event(.key(key)))
    }
    return decodeUTF8(p, n, final: final, time: time)
  }

  /// ESC: a sequence, Alt plus the next key, or the Escape key.
  mutating func decodeEscape(
    _ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, altPrefixed: Bool, time: TimeInterval
  ) -> Step {
    guard n >= 2 else {
      return final ? Step(used: 1, item: InputParser.functionalKey(.escape, time: time)) : .incomplete
    }
    let next = p[1]
    if next == 0x5b {  // [
      if n == 2 && final {
        return Step(used: 2, item: .event(.key(InputParser.textKey(0x5b, modifiers: .alt, time: time))))
      }
      return decodeCSI(p, n, final: final, time: time)
    }
    if next == 0x4f {  // O
      guard n >= 3 else {
        if final {
          return Step(used: 2, item: .event(.key(InputParser.textKey(0x4f, modifiers: .alt, time: time))))
        }
        return .incomplete
      }
      guard p[2] >= 0x20 && p[2] < 0x7f else { return InputParser.cannotComplete(p, time: time) }
      return decodeSS3(p, n, final: final, time: time)
    }
    if InputParser.isStringIntroducer(next) { return decodeString(p, n, final: final, time: time) }
    if altPrefixed {
      // Only one ESC prefix counts: ESC ESC x is Alt+Escape, then x.
      return Step(used: 1, item: InputParser.functionalKey(.escape, time: time))
    }
    // The prefixed item must fit, ESC included, in one sequence's bytes: that is all the
    // parser ever holds back, so a longer one could never complete (found by fuzzing: ESC ESC
    // `[` and 255 parameter bytes arriving in two reads stalled the parser). Once that many
    // bytes are here and the item is still unfinished, the ESC is Escape on its own.
    let limit = InputParser.maxSequenceLength
    let window = min(n - 1, limit - 1)
    let inner = decode(p + 1, window, final: final && n < limit, altPrefixed: true, time: time)
    if inner.used == 0 {
      return n >= limit ? Step(used: 1, item: InputParser.functionalKey(.escape, time: time)) : .incomplete
    }
    if inner.effect == .none, case .event(.key(var key))? = inner.item {
      key.modifierFlags.insert(.alt)
      return Step(used: inner.used + 1, item: .event(.key(key)))
    }
    return Step(used: 1, item: InputParser.functionalKey(.escape, time: time))
  }

  /// `ESC O x`: cursor keys, F1–F4 and the keypad in application mode; and `ESC O mods x`,
  /// a keypad key with modifiers (`1 +` the bits, as in `CSI 1 ; mods X`): xterm appends the
  /// modifier to the SS3 of a keypad key (its input.c, `MODIFIER_PARM` after `kypd_apl`), and
  /// VTE puts it before the final of keypad Enter and the operators (keymap.cc,
  /// `MODIFIER_ENCODING_SHORT`, "what Xterm does with numpad math operators"): Shift+keypad
  /// Enter is `ESC O 2 M`. A number with no key's final after it is Alt+O, then what follows.
  func decodeSS3(_ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, time: TimeInterval) -> Step {
    var i = 2
    var number = 0
    while i < n, i < 5, p[i] >= 0x30 && p[i] <= 0x39 {
      number = number * 10 + Int(p[i] - 0x30)
      i += 1
    }
    guard i > 2 else {
      guard let key = InputParser.ss3Key(p[2], time: time) else { return unknown(p, 3) }
      return Step(used: 3, item: .event(.key(key)))
    }
    guard i < n else { return final ? InputParser.cannotComplete(p, time: time) : .incomplete }
    guard number >= 1, number <= 256, var key = InputParser.ss3Key(p[i], time: time) else {
      return InputParser.cannotComplete(p, time: time)
    }
    key.modifierFlags.formUnion(KeyEvent.ModifierFlags(rawValue: UInt16(number - 1)))
    return Step(used: i + 1, item: .event(.key(key)))
  }

  /// The key `ESC O final` stands for; nil when the final means nothing.
  static func ss3Key(_ final: UInt8, time: TimeInterval) -> KeyEvent? {
    let keysym: Keysym? =
      switch final {
      case 0x41: .up
      case 0x42: .down
      case 0x43: .right
      case 0x44: .left
      case 0x45: Keysym(0xff9d)  // KP_Begin
      case 0x46: .end
      case 0x48: .home
      case 0x50: .f(1)
      case 0x51: .f(2)
      case 0x52: .f(3)
      case 0x53: .f(4)
      case 0x4d: .kpEnter
      case 0x20: Keysym(0xff80)  // KP_Space, I: KP_Tab (xterm ctlseqs, VT220-Style Function Keys)
      case 0x49: Keysym(0xff89)
      case 0x58: Keysym(0xffbd)  // KP_Equal
      case 0x6a...0x79: Keysym(0xffaa + UInt32(final - 0x6a))  // KP_Multiply … KP_9
      case 0x61: .up  // a…d: rxvt's Control+arrows
      case 0x62: .down
      case 0x63: .right
      case 0x64: .left
      default: nil
      }
    guard let keysym else { return nil }
    let control = final >= 0x61 && final <= 0x64  // rxvt's Control+arrows
    return InputParser.functionalKeyEvent(
      keysym, modifiers: KeyEvent.ModifierFlags(rawValue: control ? InputParser.controlBit : 0), time: time)
  }

  /// One UTF-8 encoded character; invalid or truncated bytes give U+FFFD.
  func decodeUTF8(_ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, time: TimeInterval) -> Step {
    let (used, scalar) = InputParser.scanUTF8(p, n, final: final)
    guard used > 0 else { return .incomplete }
    return Step(
      used: used,
      item: .event(.key(InputParser.characterKey(scalar, legacyKeysyms: legacyKeysyms, time: time))))
  }

  /// The character at `p` (a byte ≥ 0x80) and the bytes it uses; 0 bytes when it needs more.
  /// Invalid or truncated bytes give U+FFFD, using the longest valid prefix (the "maximal
  /// subpart" rule), so the byte that broke it starts afresh.
  @inlinable @inline(__always)
  static func scanUTF8(_ p: UnsafePointer<UInt8>, _ n: Int, final: Bool) -> (Int, Unicode.Scalar) {
    let lead = p[0]
    var need: Int
    var value: UInt32
    var low: UInt8 = 0x80
    var high: UInt8 = 0xbf
    switch lead {
    case 0xc2...0xdf:
      need = 1
      value = UInt32(lead & 0x1f)
    case 0xe0...0xef:
      need = 2
      value = UInt32(lead & 0x0f)
      if lead == 0xe0 { low = 0xa0 }
      if lead == 0xed { high = 0x9f }
    case 0xf0...0xf4:
      need = 3
      value = UInt32(lead & 0x07)
      if lead == 0xf0 { low = 0x90 }
      if lead == 0xf4 { high = 0x8f }
    default:
      return (1, "\u{FFFD}")
    }
    var k = 1
    while need > 0 {
      guard k < n else { return final ? (k, "\u{FFFD}") : (0, "\u{FFFD}") }
      let byte = p[k]
      guard byte >= low && byte <= high else { return (k, "\u{FFFD}") }
      value = value << 6 | UInt32(byte & 0x3f)
      low = 0x80
      high = 0xbf
      k += 1
      need -= 1
    }
    return (k, Unicode.Scalar(value) ?? "\u{FFFD}")
  }

  // MARK: - Paste

  /// Inside a paste: collects text up to the end marker `ESC [ 2 0 1 ~`.
  mutating func stepPaste(
    _ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, time: TimeInterval,
    into items: inout some InputSink,
    each body: (TerminalInput) -> Void
  ) -> Int {
    // libc's vectorised search: pasted text is long runs without ESC.
    let j = memchr(p, 0x1b, n).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - p } ?? n
    if pasteBytes.isEmpty && !pasteDeliveredChunk && j <= pasteChunkLimit && n - j >= 6
      && memcmp(p + j, InputParser.pasteEndMarker, 6) == 0
    {
      // The whole paste is in this read: its text goes straight from the read, not through
      // `pasteBytes`, which would grow (and reallocate) for every paste.
      items.accept(
        .event(
          .paste(String(decoding: UnsafeBufferPointer(start: p, count: j), as: UTF8.self), timestamp: time)),
        body)
      inPaste = false
      return j + 6
    }
    if j > 0 {
      pasteBytes.append(contentsOf: UnsafeBufferPointer(start: p, count: j))
      deliverPasteChunks(time: time, into: &items, each: body)
    }
    if j == n { return n }
    let marker: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e)
    var k = 1
    while k < 6 {
      guard j + k < n else {
        if final {
          pasteBytes.append(contentsOf: UnsafeBufferPointer(start: p + j, count: n - j))
          deliverPasteChunks(time: time, into: &items, each: body)
          return n
        }
        return j
      }
      let expected: UInt8 =
        switch k {
        case 1: marker.1
        case 2: marker.2
        case 3: marker.3
        case 4: marker.4
        default: marker.5
        }
      if p[j + k] != expected { break }
      k += 1
    }
    if k == 6 {
      finishPaste(at: time, into: &items, each: body)
      return j + 6
    }
    pasteBytes.append(0x1b)
    deliverPasteChunks(time: time, into: &items, each: body)
    return j + 1
  }

  /// The end of a bracketed paste, `ESC [ 2 0 1 ~`.
  static let pasteEndMarker: [UInt8] = [0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e]

  /// Sends full chunks of pasted text, each cut back to a UTF-8 character boundary.
  mutating func deliverPasteChunks(
    time: TimeInterval, into items: inout some InputSink,
    each body: (TerminalInput) -> Void
  ) {
    // Strictly more than a chunk, so the byte after the cut is known and the cut point
    // depends only on the content, never on how reads split it.
    while pasteBytes.count > pasteChunkLimit {
      var cut = pasteChunkLimit
      while cut > pasteChunkLimit - 3 && pasteBytes[cut] & 0xc0 == 0x80 { cut -= 1 }
      if pasteBytes[cut] & 0xc0 == 0x80 { cut = pasteChunkLimit }
      let text = String(decoding: pasteBytes[0..<cut], as: UTF8.self)
      pasteBytes.removeFirst(cut)
      items.accept(.event(.paste(text, timestamp: time)), body)
      pasteDeliveredChunk = true
    }
  }

  /// Ends a paste, delivering the rest of its text.
  mutating func finishPaste(
    at time: TimeInterval, into items: inout some InputSink,
    each body: (TerminalInput) -> Void
  ) {
    if !pasteBytes.isEmpty || !pasteDeliveredChunk {
      items.accept(.event(.paste(String(decoding: pasteBytes, as: UTF8.self), timestamp: time)), body)
    }
    pasteBytes.removeAll(keepingCapacity: false)
    inPaste = false
    pasteDeliveredChunk = false
  }
}
