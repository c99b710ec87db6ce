import Glibc

/// Finds a terminal's answer to the OSC 52 query in the bytes read while waiting for it:
/// `ESC ] 52 ;` up to BEL or ST (`ESC \`), however it is cut across reads. Everything around
/// the answer is other input (keys typed meanwhile), kept in order for the input parser.
///
/// The answer may be far longer than the parser's control strings (``InputParser/maxStringLength``),
/// so it is looked for here, bounded by its own limit: a longer answer is dropped whole.
struct ClipboardReplyScanner {
  /// Bytes of answer kept at most; past it the answer is skipped to its end and gives nil.
  let maximumLength: Int

  /// Bytes that are not the answer, in order.
  private(set) var otherInput: [UInt8] = []
  /// The answer's payload (after `52;`), once its terminator arrived.
  private(set) var payload: [UInt8]?
  /// Whether the answer ended (its payload may be nil when it was too long).
  private(set) var isFinished = false

  private static let introducer: [UInt8] = [0x1b, 0x5d, 0x35, 0x32, 0x3b]  // ESC ] 5 2 ;
  /// How many bytes of the introducer matched so far (outside an answer).
  private var matched = 0
  private var inAnswer = false
  private var answer: [UInt8] = []
  private var tooLong = false
  private var pendingEscape = false

  init(maximumLength: Int) {
    self.maximumLength = maximumLength
  }

  /// Takes the next bytes read.
  mutating func feed(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      if isFinished {
        otherInput.append(byte)
      } else if inAnswer {
        take(answerByte: byte)
      } else if byte == Self.introducer[matched] {
        matched += 1
        if matched == Self.introducer.count {
          inAnswer = true
          matched = 0
        }
      } else {
        otherInput += Self.introducer[0..<matched]
        matched = byte == Self.introducer[0] ? 1 : 0
        if matched == 0 { otherInput.append(byte) }
      }
    }
  }

  private mutating func take(answerByte byte: UInt8) {
    if pendingEscape {
      pendingEscape = false
      if byte == 0x5c {
        finish()
        return
      }
      keep(0x1b)
    }
    switch byte {
    case 0x07: finish()
    case 0x1b: pendingEscape = true
    default: keep(byte)
    }
  }

  private mutating func keep(_ byte: UInt8) {
    guard !tooLong else { return }
    if answer.count >= maximumLength {
      tooLong = true
      answer = []
    } else {
      answer.append(byte)
    }
  }

  private mutating func finish() {
    isFinished = true
    payload = tooLong ? nil : answer
    answer = []
  }

  /// At the end of the wait: a half-matched introducer or an unfinished answer goes back to
  /// the other input, for the parser to make of it what it can.
  mutating func giveUp() {
    guard !isFinished else { return }
    otherInput += Self.introducer[0..<matched]
    if inAnswer { otherInput += Self.introducer + answer }
    matched = 0
    inAnswer = false
    answer = []
    isFinished = true
  }

  /// Reads `terminal` until the answer ends or `timeout` passes: whether it answered, its
  /// payload (nil when too long) and the other input read meanwhile.
  static func awaitAnswer(on terminal: Terminal, timeout: Duration, maximumLength: Int)
    -> (answered: Bool, payload: [UInt8]?, otherInput: [UInt8])
  {
    var scanner = ClipboardReplyScanner(maximumLength: maximumLength)
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while !scanner.isFinished {
      let remaining = deadline - clock.now
      guard remaining > .zero else { break }
      let (seconds, attoseconds) = remaining.components
      // Capped before the product: a timeout of Int64.max seconds would overflow it.
      let milliseconds = Int32(
        seconds >= 60 ? 60_000 : min(60_000, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
      var descriptor = pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0,
        let count = try? buffer.withUnsafeMutableBytes({ try terminal.read(into: $0) }), count > 0
      else { break }
      scanner.feed(buffer[0..<count])
    }
    let answered = scanner.isFinished
    scanner.giveUp()
    return (answered, scanner.payload, scanner.otherInput)
  }
}
