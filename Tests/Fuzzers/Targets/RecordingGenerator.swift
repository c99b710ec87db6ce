import EventReplay
import ResponderKit

/// Random recordings of every kind of entry, for the write→read property: text from every
/// Unicode plane (no surrogates), leading combining marks, controls, quotes, backslashes;
/// named, character and raw keysyms; times that are and are not whole milliseconds.
public enum RecordingGenerator {
  /// A recording whose every value the writer must give back exactly.
  public static func recording(using random: inout some RandomNumberGenerator) -> Recording {
    var recording = Recording(
      screenSize: size(using: &random))
    var time: Double = 0
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      if Bool.random(using: &random) {
        time += Double(Int.random(in: 0...5000, using: &random)) / 1000
      } else {
        time += Double.random(in: 0...2, using: &random)
      }
      time = min(time, Recording.maximumTime)
      recording.append(input(at: time, using: &random), at: time)
    }
    return recording
  }

  static func input(at time: Double, using random: inout some RandomNumberGenerator) -> InputEvent {
    switch Int.random(in: 0...6, using: &random) {
    case 0: return .key(key(at: time, using: &random))
    case 1:
      var ids = Set<Int>()
      for _ in 0...Int.random(in: 0...3, using: &random) {
        ids.insert(Int.random(in: 0...Int.max, using: &random))
      }
      return .touches(
        ids.sorted().map { id in
          var sample = TouchSample(
            id: id, phase: [.began, .moved, .stationary, .ended, .cancelled].randomElement(using: &random)!,
            location: Point(x: coordinate(using: &random), y: coordinate(using: &random)), timestamp: time)
          sample.modifierFlags = modifiers(using: &random)
          return sample
        })
    case 2:
      var sample = ScrollSample(
        location: Point(x: coordinate(using: &random), y: coordinate(using: &random)),
        dx: coordinate(using: &random), dy: coordinate(using: &random), timestamp: time)
      sample.modifierFlags = modifiers(using: &random)
      return .scroll(sample)
    case 3: return .paste(text(using: &random), timestamp: time)
    case 4: return .focus(Bool.random(using: &random), timestamp: time)
    case 5: return .text(text(using: &random), timestamp: time)
    default: return .resize(size(using: &random), timestamp: time)
    }
  }

  static func key(at time: Double, using random: inout some RandomNumberGenerator) -> KeyEvent {
    var event = KeyEvent(
      keysym: keysym(using: &random), modifierFlags: modifiers(using: &random),
      phase: [.down, .repeat, .up].randomElement(using: &random)!, timestamp: time)
    if Bool.random(using: &random) { event.keyCode = UInt32.random(in: 0...UInt32.max, using: &random) }
    if Bool.random(using: &random) { event.baseLayoutKeysym = keysym(using: &random) }
    if Bool.random(using: &random) { event.unshiftedKeysym = keysym(using: &random) }
    switch Int.random(in: 0...2, using: &random) {
    case 0:
      // What a reader assumes without text=: the key's own character.
      if let scalar = event.keysym.unicodeScalar, scalar.value >= 0x20, scalar.value != 0x7f,
        event.modifierFlags.isDisjoint(with: [.control, .alt, .super, .hyper, .meta])
      {
        event.characters = String(scalar)
      }
    case 1: event.characters = text(using: &random)
    default: break
    }
    event.charactersIgnoringModifiers = Bool.random(using: &random) ? event.characters : text(using: &random)
    return event
  }

  static func keysym(using random: inout some RandomNumberGenerator) -> Keysym {
    switch Int.random(in: 0...3, using: &random) {
    case 0:
      return [.returnKey, .tab, .escape, .backSpace, .delete, .space, .up, .left, .pageDown, .f(12), .f(35)]
        .randomElement(using: &random)!
    case 1: return Keysym(unicodeScalar: scalar(using: &random))
    case 2: return Keysym(UInt32.random(in: 0...0xffff, using: &random))
    default: return Keysym(UInt32.random(in: 0...UInt32.max, using: &random))
    }
  }

  static func modifiers(using random: inout some RandomNumberGenerator) -> KeyEvent.ModifierFlags {
    KeyEvent.ModifierFlags(rawValue: UInt16.random(in: 0...0xff, using: &random))
  }

  /// Whole cells, or any double in range (written with as many digits as it needs).
  static func coordinate(using random: inout some RandomNumberGenerator) -> Double {
    let limit = Recording.maximumCoordinate
    return Bool.random(using: &random)
      ? Double(Int.random(in: -1000...1000, using: &random))
      : Double.random(in: -limit...limit, using: &random)
  }

  static func size(using random: inout some RandomNumberGenerator) -> Size {
    Size(
      width: Double(Int.random(in: 1...Int(Recording.maximumScreenSize.width), using: &random)),
      height: Double(Int.random(in: 1...Int(Recording.maximumScreenSize.height), using: &random)))
  }

  /// Up to 12 scalars, often starting with a combining mark.
  static func text(using random: inout some RandomNumberGenerator) -> String {
    var scalars = String.UnicodeScalarView()
    if Int.random(in: 0...3, using: &random) == 0 {
      scalars.append(Unicode.Scalar(UInt32.random(in: 0x300...0x36f, using: &random))!)
    }
    for _ in 0..<Int.random(in: 0...12, using: &random) { scalars.append(scalar(using: &random)) }
    return String(scalars)
  }

  /// A scalar from one of the classes that break writers: quotes, backslashes, controls
  /// (C0, DEL, C1), blanks and separators, combining marks, and any plane.
  static func scalar(using random: inout some RandomNumberGenerator) -> Unicode.Scalar {
    let value: UInt32
    switch Int.random(in: 0...9, using: &random) {
    case 0:
      let breakers: [Unicode.Scalar] = ["\"", "\\", "/", "=", "+", ";", "#", " ", "\t"]
      value = breakers.randomElement(using: &random)!.value
    case 1: value = UInt32.random(in: 0...0x1f, using: &random)
    case 2: value = [0x7f, 0x85, 0xa0, 0x2028, 0x2029, 0x3000, 0xfeff, 0xfffd].randomElement(using: &random)!
    case 3: value = UInt32.random(in: 0x80...0x9f, using: &random)
    case 4: value = UInt32.random(in: 0x300...0x36f, using: &random)
    case 5: value = UInt32.random(in: 0x20...0x7e, using: &random)
    case 6: value = UInt32.random(in: 0x1_0000...0x10_ffff, using: &random)
    default: value = UInt32.random(in: 0...0xffff, using: &random)
    }
    // Surrogate code points are not scalars; move them out of the way.
    return Unicode.Scalar(value) ?? Unicode.Scalar(value + 0x800)!
  }
}
