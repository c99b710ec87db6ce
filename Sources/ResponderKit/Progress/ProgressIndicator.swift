import Foundation

/// Shows that work is under way: a bar filling from ``minValue`` to ``maxValue``
/// (`████▌░░░░`), a block sweeping along the bar while the amount is unknown, or a spinner
/// (`⠹`). AppKit's `NSProgressIndicator`; UIKit's `UIProgressView` and
/// `UIActivityIndicatorView`.
///
/// ```swift
/// let spinner = ProgressIndicator(style: .spinning)
/// spinner.hidesWhenStopped = true
/// spinner.startAnimation(nil)   // while loading
/// spinner.stopAnimation(nil)    // done: hidden
/// ```
///
/// An indeterminate indicator animates on the application's timers, so under
/// `HeadlessDriver` it moves with the virtual clock and a replay draws the same frames. It
/// costs nothing when it cannot be seen: the next frame's timer is scheduled only when the
/// indicator was drawn, so a hidden indicator (or one in a hidden pane, or out of its window)
/// schedules none, and one fire at most follows the moment it disappears.
@MainActor
open class ProgressIndicator: View {
  /// How the indicator looks.
  public enum Style: Sendable, Hashable {
    /// A bar across the view's width.
    case bar
    /// A one-cell spinner; always indeterminate.
    case spinning
  }

  /// Creates an indicator; a bar is determinate, from 0 to 100, until told otherwise.
  public init(frame: Rect = .zero, style: Style = .bar) {
    self.style = style
    super.init(frame: frame)
  }

  /// Bar or spinner.
  open var style: Style {
    didSet { if style != oldValue { setNeedsDisplay() } }
  }

  private var bounded = BoundedValue(value: 0, minimum: 0, maximum: 100)

  /// How far the work is, within ``minValue``…``maxValue`` (clamped; NaN is the minimum).
  open var doubleValue: Double {
    get { bounded.value }
    set { if bounded.setValue(newValue) { setNeedsDisplay() } }
  }

  /// The value of no progress; raising it above the value moves the value up.
  open var minValue: Double {
    get { bounded.minimum }
    set {
      bounded.setMinimum(newValue)
      setNeedsDisplay()
    }
  }

  /// The value of finished work; lowering it below the value moves the value down.
  open var maxValue: Double {
    get { bounded.maximum }
    set {
      bounded.setMaximum(newValue)
      setNeedsDisplay()
    }
  }

  /// The share of the work done, 0 to 1 (0 when the range is empty).
  public var fractionCompleted: Double {
    let range = maxValue - minValue
    return range > 0 ? (doubleValue - minValue) / range : 0
  }

  /// Whether the amount of work is unknown, so the bar sweeps instead of filling. A spinner is
  /// always indeterminate.
  open var isIndeterminate = false {
    didSet { if isIndeterminate != oldValue { setNeedsDisplay() } }
  }

  /// Whether the indicator hides itself while not animating: UIKit's
  /// `UIActivityIndicatorView.hidesWhenStopped` (AppKit's `isDisplayedWhenStopped` reversed).
  /// Only an indeterminate indicator hides; a determinate bar always shows its value.
  open var hidesWhenStopped = false {
    didSet { updateHiddenForAnimation() }
  }

  /// Whether ``startAnimation(_:)`` was called without a ``stopAnimation(_:)`` since.
  public private(set) var isAnimating = false

  /// Whether it draws the moving form: a spinner, or an indeterminate bar.
  private var showsActivity: Bool { style == .spinning || isIndeterminate }

  /// Starts the indeterminate animation (a determinate bar ignores it until made
  /// indeterminate). Shows the indicator if ``hidesWhenStopped`` hid it.
  open func startAnimation(_ sender: Any?) {
    guard !isAnimating else { return }
    isAnimating = true
    updateHiddenForAnimation()
    setNeedsDisplay()
  }

  /// Stops the animation and its timer; hides the indicator if ``hidesWhenStopped``.
  open func stopAnimation(_ sender: Any?) {
    guard isAnimating else { return }
    isAnimating = false
    cancelFrameTimer()
    updateHiddenForAnimation()
    setNeedsDisplay()
  }

  private func updateHiddenForAnimation() {
    guard hidesWhenStopped, showsActivity else { return }
    isHidden = !isAnimating
  }

  // MARK: Animation

  /// Seconds between frames: AppKit's default animation delay is 5/60 s; a tenth is as
  /// smooth in cells and wakes the host less.
  static let frameInterval: TimeInterval = 0.1
  /// The spinner's frames.
  static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The one-shot timer for the next frame, scheduled by the last draw.
  private var frameTimer: ApplicationTimer?

  /// The frame shown: the number of whole intervals on the application's clock, so every
  /// indicator turns in step and a replay draws the frames a recording saw.
  var animationFrame: Int {
    guard let application = window?.application else { return 0 }
    return Self.frame(at: application.currentTime)
  }

  /// The frame at `time`; a millionth of a frame of slack, so a clock stepped by tenths (which
  /// binary fractions miss by an ulp) lands on the frame it means.
  static func frame(at time: TimeInterval) -> Int {
    Int(cells: (time / frameInterval + 1e-6).rounded(.down))
  }

  private func cancelFrameTimer() {
    frameTimer?.invalidate()
    frameTimer = nil
  }

  /// Called from drawing: what is drawn asks for the next frame; what is not drawn never does.
  private func scheduleNextFrame() {
    guard isAnimating, showsActivity, frameTimer == nil, let application = window?.application else { return }
    let now = application.currentTime
    // Due once `frame(at:)` answers the next frame, slack included: a clock stepped by tenths
    // reaches it an ulp early, and the frame it then draws must have been marked.
    let next = (Double(Self.frame(at: now) + 1) - 5e-7) * Self.frameInterval
    frameTimer = application.scheduleTimer(after: max(0, next - now)) { [weak self] _ in
      guard let self else { return }
      self.frameTimer = nil
      self.setNeedsDisplay()
    }
  }

  /// Hiding stops the timer at once (hiding an ancestor lets one more fire find it not drawn).
  open override var isHidden: Bool {
    didSet { if isHidden { cancelFrameTimer() } }
  }

  /// Out of the window, nothing is drawn: no timer.
  open override func willMove(toWindow newWindow: Window?) {
    super.willMove(toWindow: newWindow)
    cancelFrameTimer()
  }

  /// A bar one row high across the offered width; a spinner one cell.
  open override func sizeThatFits(_ size: Size) -> Size {
    style == .spinning ? Size(width: 1, height: 1) : Size(width: size.width, height: 1)
  }

  // MARK: Drawing

  /// Eighths of a cell, for the bar's partly filled cell.
  private static let eighths: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// Draws the bar or the spinner on the middle row and, when animating, asks for the next
  /// frame.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let width = max(0, Int(cells: bounds.width))
    let y = max(0, (Int(cells: bounds.height) - 1) / 2)
    let filled = theme.style(for: .normal, accent: tintColor)
    let track = theme.style(for: .normal, accent: theme.secondaryText)
    let frame = isAnimating ? animationFrame : 0
    switch (style, isIndeterminate) {
    case (.spinning, _):
      let glyph = isAnimating ? Self.spinnerFrames[frame % Self.spinnerFrames.count] : "⠿"
      canvas.put(Cell(glyph, style: filled), x: 0, y: y)
    case (.bar, true):
      // A block a quarter of the bar wide goes there and back.
      let block = max(1, width / 4)
      let travel = max(1, width - block)
      let step = frame % (2 * travel)
      let start = isAnimating ? (step <= travel ? step : 2 * travel - step) : 0
      for x in canvas.visibleColumns(0..<width) {
        let inBlock = isAnimating && x >= start && x < start + block
        canvas.put(inBlock ? Cell("█", style: filled) : Cell("░", style: track), x: x, y: y)
      }
    case (.bar, false):
      let eighthsFilled = Int(cells: (fractionCompleted * Double(width) * 8).rounded(.down))
      for x in canvas.visibleColumns(0..<width) {
        let here = eighthsFilled - x * 8
        if here >= 8 {
          canvas.put(Cell("█", style: filled), x: x, y: y)
        } else if here > 0 {
          canvas.put(Cell(Self.eighths[here], style: filled), x: x, y: y)
        } else {
          canvas.put(Cell("░", style: track), x: x, y: y)
        }
      }
    }
    scheduleNextFrame()
  }
}
