import Foundation
import ResponderKit

/// A recorded session: the screen size it started with and every input with its time.
///
/// The file form is line-based text that a person can read and write by hand:
///
///     responderkit-recording 1
///     size 80 24
///     0.000 key down a text="a"
///     0.120 key down Control+c
///     0.500 touch 0 began 10 5
///     0.550 touch 0 moved 12 5; 1 began 30 8
///     0.600 scroll 10 5 0 3
///     0.650 mouse right down 10 5 mods=Shift
///     0.700 paste "two\nlines"
///     0.750 text "é"
///     0.800 focus out
///     0.900 resize 100 30
///
/// `mouse` entries (format version 2) are the right (`right`), middle (`middle`) and extra
/// (`3` and up) buttons — `down`, `dragged` or `up` at a cell — and hovering, `none moved`.
///
/// Times are seconds from the start and never go backwards. A `launch` line (format version 2)
/// gives the seconds from the application's launch to that start — for a live session, how
/// long the app ran before its first input — and a replay waits as long before the first
/// entry, so work the app began at launch has the time it had; version 1 recordings, which
/// have no such line, still read (``launchDelay`` is then nil):
///
///     responderkit-recording 2
///     size 80 24
///     launch 1.250
///     0.000 key down Return
///
///  Keys are written as key specs
/// (`Control+Shift+Left`, `a`, `F5`, or a raw keysym `0xfe03`) with optional `text=`,
/// `plain=` (characters ignoring modifiers), `code=` (evdev key code), `base=` (the
/// physical key in the base layout) and `unshifted=` (the key pressed, before Shift) fields;
/// `text` is text typed with no key behind it; strings are JSON string literals. Lines end in
/// LF (CRLF is read too).
///
/// Reading checks every number against its range — sizes up to ``maximumScreenSize``, times
/// up to ``maximumTime``, coordinates within ±``maximumCoordinate``, key codes within 32
/// bits — and throws a ``RecordingError`` naming the line and field for anything else.
/// Whatever ``text`` writes, ``init(parsing:)`` reads back as an equal recording.
public struct Recording: Hashable, Sendable {
  /// One input and when it happened.
  public struct Entry: Hashable, Sendable {
    /// Seconds from the start of the recording.
    public var time: TimeInterval
    /// The input.
    public var input: InputEvent

    /// Creates an entry.
    public init(time: TimeInterval, input: InputEvent) {
      self.time = time
      self.input = input
    }
  }

  /// The newest format version this library writes and reads: 2 adds the `launch` line.
  /// Version 1 recordings still read, and one without ``launchDelay`` is written as version 1.
  public static let currentVersion = 2
  /// The first word of every recording file.
  public static let magic = "responderkit-recording"

  /// The screen size at the start.
  public var screenSize: Size
  /// The inputs in time order.
  public private(set) var entries: [Entry]
  /// Seconds from the application's launch to time 0 of ``entries``, or nil when unknown (a
  /// version 1 recording): a replay waits this long before the entries' own times.
  public var launchDelay: TimeInterval?

  /// An empty recording.
  public init(
    screenSize: Size = Size(width: 80, height: 24), launchDelay: TimeInterval? = nil, entries: [Entry] = []
  ) {
    self.screenSize = screenSize
    self.launchDelay = launchDelay
    self.entries = entries
  }

  /// Adds an input at `time`. Times never go backwards: one before the last entry's (or NaN)
  /// is the last entry's, and one past ``maximumTime`` is ``maximumTime``, so the recording
  /// always writes out and reads back.
  public mutating func append(_ input: consuming InputEvent, at time: TimeInterval) {
    // The last time read in place (`entries.last` would copy the entry).
    let last = entries.isEmpty ? 0 : entries[entries.count - 1].time
    let time = time >= last ? min(time, Recording.maximumTime) : last
    entries.append(Entry(time: time, input: input))
  }

  /// Makes room for `count` more entries at once (growing geometrically), so appending them
  /// allocates nothing.
  mutating func reserveCapacity(forAdding count: Int) {
    let needed = entries.count + count
    if entries.capacity < needed { entries.reserveCapacity(max(needed, 2 * entries.capacity)) }
  }

  /// The recording as text, in the format described above.
  public var text: String {
    var lines = [
      "\(Recording.magic) \(needsVersion2 ? Recording.currentVersion : 1)",
      "size \(RecordingFormat.number(screenSize.width)) \(RecordingFormat.number(screenSize.height))",
    ]
    if let launchDelay { lines.append("launch " + RecordingFormat.time(launchDelay)) }
    for entry in entries {
      lines.append(RecordingFormat.time(entry.time) + " " + RecordingFormat.describe(entry.input))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether the text needs format 2: a `launch` line or `mouse` entries, which a version 1
  /// reader would refuse. Others are written as version 1, as they always were.
  private var needsVersion2: Bool {
    launchDelay != nil
      || entries.contains {
        if case .mouse = $0.input { true } else { false }
      }
  }

  /// Writes the text form to a file atomically.
  public func write(to url: URL) throws {
    try Data(text.utf8).write(to: url, options: .atomic)
  }
}
