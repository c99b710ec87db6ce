import Foundation
import ResponderKit

/// Control sequences (`ESC [ …`): keys, mouse, focus, paste markers and replies.
extension InputParser {
  /// Finds the end of the CSI at `p` and decodes it. A byte other than parameter,
  /// intermediate and final bytes means the sequence cannot complete: `ESC [` is Alt+`[` and
  /// the bytes after it start afresh.
  mutating func decodeCSI(_ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, time: TimeInterval)
    -> Step
  {
    var i = 2
    if n > 2 && p[2] == 0x5b {  // linux console: CSI [ A … E are F1 … F5
      guard n > 3 else { return final ? InputParser.cannotComplete(p, time: time) : .incomplete }
      let key = p[3]
      if key >= 0x41 && key <= 0x45 {
        return Step(used: 4, item: InputParser.functionalKey(.f(Int(key - 0x40)), time: time))
      }
      guard key >= 0x40 && key <= 0x7e else { return InputParser.cannotComplete(p, time: time) }
      return unknown(p, 4)
    }
    while true {
      if i >= InputParser.maxSequenceLength {
        return Step(
          used: i, item: .unknown(Array(UnsafeBufferPointer(start: p, count: i))), effect: .discardRest)
      }
      guard i < n else { return final ? InputParser.cannotComplete(p, time: time) : .incomplete }
      let byte = p[i]
      if byte >= 0x40 && byte <= 0x7e { break }
      // rxvt's Shift keys end in `$`, an intermediate byte elsewhere: after one number it
      // ends the sequence (DECRPM's `$ y` always follows two).
      if byte == 0x24 && InputParser.isSingleNumber(p + 2, i - 2) { break }
      if byte < 0x20 || byte > 0x7e { return InputParser.cannotComplete(p, time: time) }
      i += 1
    }
    if p[i] == 0x4d && i == 2 { return decodeX10Mouse(p, n, final: final, time: time) }
    return withUnsafeTemporaryAllocation(of: TerminalInput.self, capacity: 1) { buffer in
      let slot = buffer.baseAddress!
      switch dispatchCSI(p, finalIndex: i, time: time, into: slot) {
      case .pasteStart: return Step(used: i + 1, item: nil, effect: .startPaste)
      case .input, .plainInput, .pointerInput: return Step(used: i + 1, item: slot.move())
      case .malformed: return unknown(p, i + 1)
      }
    }
  }

  /// Decodes and delivers the common CSI at `p` (`ESC [`, at most a private marker, numbers,
  /// a final byte, all within `p[0..<n]`) in one pass over its bytes, returning the bytes
  /// used; nil when it is anything else (unfinished, intermediate bytes, X10 mouse, the
  /// Linux console's `CSI [`, over-long), which ``decodeCSI(_:_:final:time:)`` then decides.
  @inline(__always)
  mutating func deliverCommonCSI(
    _ p: UnsafePointer<UInt8>, _ n: Int, time: TimeInterval, into items: inout some InputSink,
    each body: (TerminalInput) -> Void
  ) -> Int? {
    var start = 2
    var marker: UInt8 = 0
    if p[2] >= 0x3c && p[2] <= 0x3f {
      marker = p[2]
      start = 3
    }
    let limit = min(n, InputParser.maxSequenceLength)
    guard let finalIndex = parameters.readPrefix(p + start, limit - start).map({ start + $0 }),
      finalIndex < limit, p[finalIndex] >= 0x40 && p[finalIndex] <= 0x7e,
      finalIndex > 2 || (p[2] != 0x4d && p[2] != 0x5b)
    else { return nil }
    let used = finalIndex + 1
    withUnsafeTemporaryAllocation(of: TerminalInput.self, capacity: 1) { buffer in
      let slot = buffer.baseAddress!
      switch dispatchParameters(marker: marker, intermediate: 0, final: p[finalIndex], time: time, into: slot)
      {
      case .input:
        let item = slot.move()
        trackMouseButton(item)
        items.accept(item, returningTouchesTo: &touchBuffer, body)
      case .plainInput:
        items.accept(referenceFreeAt: slot, body)
      case .pointerInput:
        trackMouseButton(slot.pointee)
        items.accept(referenceFreeAt: slot, body)
      case .pasteStart:
        inPaste = true
        pasteDeliveredChunk = false
      case .malformed:
        items.accept(.unknown(Array(UnsafeBufferPointer(start: p, count: used))), body)
      }
    }
    return used
  }

  /// Whether `p[0..<n]` is one decimal number (no marker, no `;`).
  static func isSingleNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    guard n > 0 else { return false }
    for k in 0..<n where p[k] < 0x30 || p[k] > 0x39 { return false }
    return true
  }

  /// `.unknown` holding `p[0..<count]`.
  func unknown(_ p: UnsafePointer<UInt8>, _ count: Int) -> Step {
    Step(used: count, item: .unknown(Array(UnsafeBufferPointer(start: p, count: count))))
  }

  /// The meaning of a complete control sequence. Its item, if any, is written to the slot
  /// the caller passed, so it is moved, never copied, and one that holds no references is
  /// dropped without the enum's generic destroy (~60 instructions a sequence).
  enum CSIMeaning {
    /// The slot holds an item.
    case input
    /// The slot holds an item with no string, array or box in it.
    case plainInput
    /// The slot holds a pointer report, which holds no references: the mouse button it
    /// presses or releases is remembered when it is delivered.
    case pointerInput
    case pasteStart
    case malformed
  }

  /// Decodes `p[0...finalIndex]`, a complete CSI.
  mutating func dispatchCSI(
    _ p: UnsafePointer<UInt8>, finalIndex: Int, time: TimeInterval,
    into slot: UnsafeMutablePointer<TerminalInput>
  ) -> CSIMeaning {
    let final = p[finalIndex]
    var start = 2
    var marker: UInt8 = 0
    if start < finalIndex && p[start] >= 0x3c && p[start] <= 0x3f {
      marker = p[start]
      start += 1
    }
    var paramEnd = start
    while paramEnd < finalIndex && p[paramEnd] >= 0x30 && p[paramEnd] <= 0x3f { paramEnd += 1 }
    // At most one intermediate byte is used by anything we decode.
    var intermediate: UInt8 = 0
    if paramEnd < finalIndex {
      guard paramEnd + 1 == finalIndex, p[paramEnd] >= 0x20 && p[paramEnd] <= 0x2f else {
        return .malformed
      }
      intermediate = p[paramEnd]
    }
    guard readParameters(p + start, paramEnd - start) else { return .malformed }
    return dispatchParameters(
      marker: marker, intermediate: intermediate, final: final, time: time, into: slot)
  }

  /// Decodes a complete CSI whose numbers are in ``parameters``.
  mutating func dispatchParameters(
    marker: UInt8, intermediate: UInt8, final: UInt8, time: TimeInterval,
    into slot: UnsafeMutablePointer<TerminalInput>
  ) -> CSIMeaning {
    switch (marker, intermediate) {
    case (0, 0):
      return decodePlainCSI(final: final, time: time, into: slot)
    case (0x3c, 0):  // <
      guard final == 0x4d || final == 0x6d else { return .malformed }
      return decodeSGRMouse(release: final == 0x6d, time: time, into: slot)
    case (0x3f, 0):  // ?
      if final == 0x75, fieldCount <= 1 {
        let flags = parameter(0) ?? 0
        guard flags < 1 << 16 else { return .malformed }
        return slot.input(.reply(.keyboardFlags(flags)))
      }
      if final == 0x63 {
        var attributes: [Int] = []
        for field in 0..<fieldCount { attributes.append(parameter(field) ?? 0) }
        return slot.input(.reply(.primaryDeviceAttributes(attributes)))
      }
      return .malformed
    case (0x3e, 0):  // >: XTQMODKEYS reply, CSI > 4 ; level m (xterm ctlseqs, XTMODKEYS)
      guard final == 0x6d, fieldCount <= 2, subparameterCount(0) == 1, parameter(0) == 4,
        subparameterCount(1) <= 1
      else {
        return .malformed
      }
      let level = parameter(1) ?? 0
      guard level <= 3 else { return .malformed }
      return slot.plainInput(.reply(.modifyOtherKeys(level: level)))
    case (0x3f, 0x24), (0, 0x24):  // $ y: DECRPM
      guard final == 0x79, fieldCount == 2, let mode = parameter(0), let value = parameter(1),
        let state = TerminalReply.ModeState(rawValue: value)
      else { return .malformed }
      return slot.input(.reply(.modeReport(mode: mode, isPrivate: marker != 0, state: state)))
    default:
      return .malformed
    }
  }

  /// CSI without a private marker or intermediate byte.
  @inline(__always)
  mutating func decodePlainCSI(
    final: UInt8, time: TimeInterval, into slot: UnsafeMutablePointer<TerminalInput>
  ) -> CSIMeaning {
    switch final {
    case 0x7e: return decodeTilde(time: time, into: slot)
    case 0x24, 0x5e, 0x40:  // rxvt: `$` Shift, `^` Control, `@` Control+Shift
      // With one number, a key or the paste marker.
      guard fieldCount == 1, decodeTilde(time: time, into: slot) == .plainInput,
        case .event(.key(var key)) = slot.move()
      else { return .malformed }
      key.modifierFlags.formUnion(final == 0x24 ? .shift : final == 0x5e ? .control : [.control, .shift])
      return slot.plainInput(.event(.key(key)))
    case 0x4d:  // M: urxvt mouse (1015), CSI code+32 ; x ; y M
      guard fieldCount == 3, let code = parameter(0), let x = parameter(1), let y = parameter(2),
        code >= 32, InputParser.isCoordinate(x), InputParser.isCoordinate(y)
      else { return .malformed }
      return mouseItem(
        code: code - 32, location: Point(x: x - 1, y: y - 1), released: false, time: time, into: slot)
    case 0x74:  // t: window reports, CSI 6 ; height ; width t and CSI 4 ; height ; width t
      guard fieldCount == 3, let kind = parameter(0), kind == 4 || kind == 6, let height = parameter(1),
        let width = parameter(2), InputParser.isCoordinate(height), InputParser.isCoordinate(width)
      else { return .malformed }
      let size = PixelSize(width: width, height: height)
      return slot.input(.reply(kind == 6 ? .cellPixelSize(size) : .textAreaPixelSize(size)))
    case 0x75: return decodeKitty(time: time, into: slot)
    case 0x52:  // R: cursor position report; bare CSI R is F3
      if fieldCount == 0 { return slot.plainInput(InputParser.functionalKey(.f(3), time: time)) }
      // kitty 0.26 sends F3 as CSI R, and its repeat and release as CSI 1 ; mods : event R; a
      // cursor position report never has a sub-parameter, so an event type makes it a key.
      if fieldCount == 2, parameter(0) == 1, subparameterCount(1) == 2,
        let (modifiers, phase) = modifiersAndPhase(field: 1)
      {
        return slot.plainInput(
          InputParser.functionalKey(.f(3), modifiers: modifiers, phase: phase, time: time))
      }
      guard fieldCount == 2, let row = parameter(0), let column = parameter(1), row >= 1,
        column >= 1, row < InputParser.maxCoordinate, column < InputParser.maxCoordinate
      else { return .malformed }
      return slot.plainInput(.reply(.cursorPosition(row: row - 1, column: column - 1)))
    case 0x49, 0x4f:  // I, O: focus
      guard fieldCount == 0 else { return .malformed }
      return slot.plainInput(.event(.focus(final == 0x49, timestamp: time)))
    case 0x61...0x64:  // rxvt: CSI a … d are Shift+Up, Down, Right, Left
      guard fieldCount == 0 else { return .malformed }
      let keys: [Keysym] = [.up, .down, .right, .left]
      return slot.plainInput(
        InputParser.functionalKey(keys[Int(final - 0x61)], modifiers: .shift, time: time))
    default:
      break
    }
    let keysym: Keysym
    switch final {
    case 0x41: keysym = .up
    case 0x42: keysym = .down
    case 0x43: keysym = .right
    case 0x44: keysym = .left
    case 0x45, 0x47: keysym = Keysym(0xff9d)  // KP_Begin; G: keypad 5 on the Linux console
    case 0x46: keysym = .end
    case 0x48: keysym = .home
    case 0x50: keysym = .f(1)
    case 0x51: keysym = .f(2)
    case 0x53: keysym = .f(4)
    case 0x5a: keysym = .tab  // Z: Shift+Tab
    default: return .malformed
    }
    // CSI 1 ; mods[:event] X, or xterm's old CSI mods X.
    var modifiers: KeyEvent.ModifierFlags = []
    var phase = KeyEvent.Phase.down
    if fieldCount >= 2 {
      guard fieldCount == 2, parameter(0) ?? 1 == 1, let decoded = modifiersAndPhase(field: 1)
      else { return .malformed }
      (modifiers, phase) = decoded
    } else if fieldCount == 1, let old = parameter(0), old > 1 {
      guard let decoded = modifiersAndPhase(field: 0) else { return .malformed }
      (modifiers, phase) = decoded
    }
    if final == 0x5a { modifiers.insert(.shift) }
    return slot.plainInput(InputParser.functionalKey(keysym, modifiers: modifiers, phase: phase, time: time))
  }

  /// `CSI number ; mods ~`: editing and function keys, paste start, modifyOtherKeys.
  mutating func decodeTilde(time: TimeInterval, into slot: UnsafeMutablePointer<TerminalInput>) -> CSIMeaning
  {
    guard let number = parameter(0), fieldCount <= 3 else { return .malformed }
    if number == 200 && fieldCount == 1 { return .pasteStart }
    if number == 27 {  // xterm modifyOtherKeys: CSI 27 ; mods ; code ~
      guard fieldCount == 3, let (modifiers, phase) = modifiersAndPhase(field: 1),
        let code = parameter(2)
      else { return .malformed }
      return keyForCode(
        code, shifted: nil, modifiers: modifiers, phase: phase, text: nil, time: time, into: slot)
    }
    guard fieldCount <= 2 else { return .malformed }
    let keysym: Keysym
    switch number {
    case 1, 7: keysym = .home  // 1: linux console and vt220 Find; 7: rxvt
    case 2: keysym = .insert
    case 3: keysym = .delete
    case 4, 8: keysym = .end  // 4: linux console and vt220 Select; 8: rxvt
    case 5: keysym = .pageUp
    case 6: keysym = .pageDown
    case 11...15: keysym = .f(number - 10)
    case 17...21: keysym = .f(number - 11)
    case 23...26: keysym = .f(number - 12)
    case 28, 29: keysym = .f(number - 13)  // 29 is F16 as in xterm (kitty's legacy MENU)
    case 31...34: keysym = .f(number - 14)
    case 57427: keysym = Keysym(0xff9d)  // kitty KP_Begin
    default: return .malformed
    }
    guard let (modifiers, phase) = modifiersAndPhase(field: 1) else { return .malformed }
    return slot.plainInput(InputParser.functionalKey(keysym, modifiers: modifiers, phase: phase, time: time))
  }

  /// `CSI code:shifted:base ; mods:event ; text u`, the kitty keyboard protocol.
  @inline(__always)
  mutating func decodeKitty(time: TimeInterval, into slot: UnsafeMutablePointer<TerminalInput>) -> CSIMeaning
  {
    guard fieldCount >= 1, fieldCount <= 3, subparameterCount(0) <= 3,
      subparameterCount(1) <= 2, let code = parameter(0)
    else { return .malformed }
    guard let (modifiers, phase) = modifiersAndPhase(field: 1) else { return .malformed }
    var shifted: Unicode.Scalar?
    if let value = parameter(0, 1) {
      guard let scalar = InputParser.keyScalar(value) else { return .malformed }
      shifted = scalar
    }
    // The key in the keyboard's base layout (the physical key), so shortcuts can follow
    // physical keys on any layout.
    var baseLayoutKeysym: Keysym?
    if let base = parameter(0, 2) {
      if let keysym = KittyKeyCodes.keysym(forFunctionalCode: base) {
        baseLayoutKeysym = keysym
      } else if let scalar = InputParser.keyScalar(base) {
        baseLayoutKeysym = LegacyKeysyms.keysym(for: scalar, in: legacyKeysyms)
      } else {
        return .malformed
      }
    }
    guard fieldCount == 3 else {
      // No associated text, the common case, decided without an optional `String` to destroy.
      guard code != 0 else { return .malformed }  // "text only" needs its text
      return keyForCode(
        code, shifted: shifted, baseLayoutKeysym: baseLayoutKeysym, modifiers: modifiers, phase: phase,
        text: nil, time: time, into: slot)
    }
    guard let first = parameter(2, 0).flatMap(InputParser.keyScalar) else { return .malformed }
    var text = String(first)
    for index in 1..<subparameterCount(2) {
      guard let scalar = parameter(2, index).flatMap(InputParser.keyScalar) else { return .malformed }
      text.unicodeScalars.append(scalar)
    }
    if code == 0 {  // "text only": text with no key behind it, such as an input method's
      guard shifted == nil, baseLayoutKeysym == nil, phase != .up else { return .malformed }
      return slot.input(.event(.text(text, timestamp: time)))
    }
    return keyForCode(
      code, shifted: shifted, baseLayoutKeysym: baseLayoutKeysym, modifiers: modifiers, phase: phase,
      text: text, time: time, into: slot)
  }

  /// The key for a kitty or modifyOtherKeys key number.
  @inline(__always)
  mutating func keyForCode(
    _ code: Int, shifted: Unicode.Scalar?, baseLayoutKeysym: Keysym? = nil,
    modifiers: KeyEvent.ModifierFlags, phase: KeyEvent.Phase, text: String?, time: TimeInterval,
    into slot: UnsafeMutablePointer<TerminalInput>
  ) -> CSIMeaning {
    var key: KeyEvent
    // Functional numbers are below 0x20, 0x7F or in the Private Use Area: the rest skip the table.
    let isFunctional = code < 0x20 || code == 0x7f || code >= KittyKeyCodes.privateUseRange.lowerBound
    if isFunctional, let keysym = KittyKeyCodes.keysym(forFunctionalCode: code) {
      key = InputParser.functionalKeyEvent(keysym, modifiers: modifiers, phase: phase, text: text, time: time)
    } else {
      guard let scalar = InputParser.keyScalar(code) else { return .malformed }
      if KittyKeyCodes.privateUseRange.contains(code) {  // a functional key with no keysym
        key = InputParser.functionalKeyEvent(
          Keysym(unicodeScalar: scalar), modifiers: modifiers, phase: phase, text: text, time: time)
      } else {
        key = InputParser.characterKey(
          base: scalar, shifted: shifted, modifiers: modifiers, phase: phase, text: text,
          legacyKeysyms: legacyKeysyms, time: time)
      }
    }
    key.baseLayoutKeysym = baseLayoutKeysym
    // Only associated text can need a box (more than 7 UTF-8 bytes).
    return text == nil ? slot.plainInput(.event(.key(consume key))) : slot.input(.event(.key(consume key)))
  }

  /// A key number that stands for a character: a Unicode scalar that is not a control.
  @inline(__always)
  static func keyScalar(_ value: Int) -> Unicode.Scalar? {
    guard value >= 0x20, !(0x7f...0x9f).contains(value), value <= 0x10ffff,
      let scalar = Unicode.Scalar(UInt32(value))
    else { return nil }
    return scalar
  }

  /// Modifiers (`1 + bits`, default none) and event type (1 press, 2 repeat, 3 release) from
  /// a field; nil when out of range.
  @inline(__always)
  mutating func modifiersAndPhase(field: Int) -> (KeyEvent.ModifierFlags, KeyEvent.Phase)? {
    let encoded = parameter(field) ?? 1
    guard encoded >= 1, encoded <= 256 else { return nil }
    let phase: KeyEvent.Phase
    switch parameter(field, 1) ?? 1 {
    case 1: phase = .down
    case 2: phase = .repeat
    case 3: phase = .up
    default: return nil
    }
    return (KeyEvent.ModifierFlags(rawValue: UInt16(encoded - 1)), phase)
  }

  // MARK: - Parameters

  /// Reads the parameters of the current sequence; false when malformed.
  mutating func readParameters(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    parameters.read(p, n)
  }

  /// The number of `;`-separated fields.
  var fieldCount: Int { parameters.fieldCount }

  /// The number of numbers (sub-parameters) in a field.
  @inline(__always)
  mutating func subparameterCount(_ field: Int) -> Int { parameters.count(inField: field) }

  /// A number, nil when absent or empty.
  @inline(__always)
  mutating func parameter(_ field: Int, _ sub: Int = 0) -> Int? { parameters.value(field, sub) }
}

extension UnsafeMutablePointer<TerminalInput> {
  /// Puts the item of a control sequence into this (uninitialized) slot.
  @inline(__always)
  func input(_ item: consuming TerminalInput) -> InputParser.CSIMeaning {
    initialize(to: item)
    return .input
  }

  /// Puts an item that holds no references into this (uninitialized) slot.
  @inline(__always)
  func plainInput(_ item: consuming TerminalInput) -> InputParser.CSIMeaning {
    initialize(to: item)
    return .plainInput
  }

  /// Puts a pointer report into this (uninitialized) slot.
  @inline(__always)
  func pointerInput(_ item: consuming TerminalInput) -> InputParser.CSIMeaning {
    initialize(to: item)
    return .pointerInput
  }
}
