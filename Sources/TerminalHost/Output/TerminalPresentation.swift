/// Where the host draws: the whole alternate screen, or a region of the normal screen at the
/// cursor, the way command-line tools (fzf, prompts, progress displays) draw below the prompt.
///
///     var configuration = TerminalHost.Configuration()
///     configuration.presentation = .inline(rows: 12, onExit: .clear)
///
/// Inline, the alternate screen is not used, so what was printed before the app stays in the
/// scrollback above the region and what is printed after it follows below. The region opens
/// at the cursor's line (a line below when the cursor is not at the start of one), scrolling
/// the screen up when there is not room below; the app's screen (`Application.screenSize`)
/// is the region, and touch locations are relative to its top. After a resize the region is
/// found again at the cursor and redrawn whole; after Control-Z and `fg` it opens again at
/// the cursor, below what the shell printed.
public struct TerminalPresentation: Hashable, Sendable {
  /// How tall an inline region is.
  public enum Height: Hashable, Sendable {
    /// This many rows (at most the screen's height).
    case rows(Int)
    /// This fraction of the screen's height, rounded down, at least one row.
    case fraction(Double)
  }

  /// What an inline region shows once the app has ended, by any exit path (a quit, a signal,
  /// a hang-up, a crash) and while the app is suspended.
  public enum ExitBehavior: Hashable, Sendable {
    /// The last frame stays on the screen (and in the scrollback); the cursor goes below it.
    case leaveLastFrame
    /// The region is cleared and the cursor goes back to where the region began.
    case clear
  }

  /// The height of the inline region; `nil` for the full (alternate) screen.
  public var inlineHeight: Height?
  /// What an inline region shows after the app ends.
  public var exitBehavior: ExitBehavior

  /// The whole alternate screen, given back as it was on exit: the default.
  public static let fullScreen = TerminalPresentation(inlineHeight: nil, exitBehavior: .clear)

  /// A region of `rows` rows at the cursor.
  public static func inline(rows: Int, onExit: ExitBehavior = .leaveLastFrame) -> TerminalPresentation {
    TerminalPresentation(inlineHeight: .rows(rows), exitBehavior: onExit)
  }

  /// A region of `fraction` of the screen's height (`0.4` is 40 %) at the cursor.
  public static func inline(fraction: Double, onExit: ExitBehavior = .leaveLastFrame) -> TerminalPresentation
  {
    TerminalPresentation(inlineHeight: .fraction(fraction), exitBehavior: onExit)
  }

  /// Whether the app draws in a region of the normal screen.
  public var isInline: Bool { inlineHeight != nil }

  /// The region's rows on a screen of `screenRows` rows: between 1 and the screen's height.
  public func regionRows(screenRows: Int) -> Int {
    let screen = max(1, screenRows)
    switch inlineHeight {
    case nil: return screen
    case .rows(let rows): return min(max(1, rows), screen)
    case .fraction(let fraction):
      // Clamped before the product: a finite 1e300 would otherwise trap Int(_:).
      guard fraction.isFinite else { return screen }
      return max(1, Int((Double(screen) * min(max(fraction, 0), 1)).rounded(.down)))
    }
  }

  /// Parses a command-line height: `12` (rows) or `40%` (of the screen).
  public init?(inlineHeight text: String, onExit: ExitBehavior = .leaveLastFrame) {
    if text.hasSuffix("%") {
      guard let percent = Double(text.dropLast()), percent > 0, percent <= 100 else { return nil }
      self = .inline(fraction: percent / 100, onExit: onExit)
    } else {
      guard let rows = Int(text), rows > 0 else { return nil }
      self = .inline(rows: rows, onExit: onExit)
    }
  }

  /// A presentation with both parts given.
  public init(inlineHeight: Height?, exitBehavior: ExitBehavior) {
    self.inlineHeight = inlineHeight
    self.exitBehavior = exitBehavior
  }
}
