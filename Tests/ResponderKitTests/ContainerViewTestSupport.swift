import ResponderKit

/// Input helpers shared by the container view tests.
@MainActor
enum Input {
  static func key(_ keysym: Keysym, _ mods: KeyEvent.ModifierFlags = []) -> InputEvent {
    .key(KeyEvent(keysym: keysym, modifierFlags: mods))
  }

  static func char(_ c: Character, _ mods: KeyEvent.ModifierFlags = []) -> InputEvent {
    .key(KeyEvent.character(c, modifierFlags: mods))
  }

  /// A press and release at a screen cell; `time` keeps separate taps from counting as a
  /// double click.
  static func tap(_ app: Application, x: Int, y: Int, time: Double) {
    let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
    app.handle(.touches([TouchSample(phase: .began, location: p, timestamp: time)]))
    app.handle(.touches([TouchSample(phase: .ended, location: p, timestamp: time + 0.05)]))
  }

  /// An application with one screen-filling key window of the given size.
  static func app(columns: Int = 30, rows: Int = 8) -> (Application, Window) {
    let app = Application()
    app.screenSize = Size(width: columns, height: rows)
    let window = Window()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    return (app, window)
  }
}
