import ResponderKit

/// What the public geometry API must do with any numbers: take every Double bit pattern (NaN,
/// infinities, subnormals, 1e308) as screen sizes, window and view frames, bounds and drawing
/// coordinates without trapping or recursing, store them under the geometry rule, and draw.
public enum GeometryInvariants {
  /// The largest magnitude the rule keeps (2³⁰ cells).
  static let limit: Double = 1_073_741_824

  /// The broken invariants for `input`, empty when all hold. Runs on the main actor: the
  /// fuzzer's driver and the corpus test both call it there.
  public static func violations(_ input: [UInt8]) -> [String] {
    MainActor.assumeIsolated { check(input) }
  }

  @MainActor
  private static func check(_ input: [UInt8]) -> [String] {
    var numbers = Numbers(input)
    var problems: [String] = []
    func rect() -> Rect {
      Rect(x: numbers.next(), y: numbers.next(), width: numbers.next(), height: numbers.next())
    }
    func isNormal(_ rect: Rect) -> Bool {
      [rect.minX, rect.minY, rect.width, rect.height].allSatisfy { !$0.isNaN && abs($0) <= limit }
    }

    let app = Application()
    // Small screens mostly (rendering a 2048×2048 one for every input would starve the
    // fuzzer), the raw numbers now and then.
    let size = Size(width: numbers.next(), height: numbers.next())
    app.screenSize =
      numbers.flag() ? size : Size(width: size.width.truncatingRemainder(dividingBy: 200), height: 40)
    for side in [app.screenSize.width, app.screenSize.height]
    where side.isNaN || side < 0 || side > Double(Size.maximumScreenDimension) || side != side.rounded(.down)
    {
      problems.append("screen size \(app.screenSize) from \(size)")
    }
    let window = Window(frame: rect())
    if numbers.flag() { window.placement = .fixed }
    let root = View(frame: rect())
    let label = Label(frame: rect(), text: "geometry")
    root.addSubview(label)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    label.frame = rect()
    label.bounds = rect()
    window.frame = rect()
    for (name, value) in [
      ("window", window.frame), ("view", root.frame), ("label", label.frame), ("bounds", label.bounds),
    ]
    where !isNormal(value) {
      problems.append("\(name) frame \(value) is not under the rule")
    }
    if label.bounds.size != label.frame.size {
      problems.append("bounds \(label.bounds) ≠ frame \(label.frame)")
    }
    let screen = app.renderScreen()
    if Double(screen.columns) != app.screenSize.width || Double(screen.rows) != app.screenSize.height {
      problems.append("rendered \(screen.columns)×\(screen.rows) for \(app.screenSize)")
    }

    let canvas = Canvas(columns: 16, rows: 4)
    let x = Int(truncatingIfNeeded: numbers.bits())
    let y = Int(truncatingIfNeeded: numbers.bits())
    canvas.draw("wide 漢字", x: x, y: y)
    canvas.put(Cell("x"), x: y, y: x)
    canvas.fill(rect(), with: Cell(numbers.flag() ? "#" : "漢"))
    canvas.applyStyle(TextStyle(attributes: .bold), to: rect())
    canvas.drawBox(rect())
    canvas.withTranslation(Point(x: numbers.next(), y: numbers.next()), clippedTo: rect()) {
      $0.draw("in", x: x, y: 0)
    }
    if canvas.buffer.columns != 16 || canvas.buffer.rows != 4 { problems.append("the canvas changed size") }
    return problems
  }

  /// Doubles from the input's bytes as bit patterns, 8 at a time; zeros past the end.
  private struct Numbers {
    private var stream: ByteStream
    init(_ input: [UInt8]) { stream = ByteStream(input) }
    mutating func bits() -> UInt64 { stream.next() }
    mutating func next() -> Double { Double(bitPattern: bits()) }
    mutating func flag() -> Bool { bits() & 1 == 1 }
  }
}
