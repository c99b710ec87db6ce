import Foundation
import ResponderKit

/// The user's own key bindings: `$XDG_CONFIG_HOME/<app>/keys` (`~/.config/<app>/keys` when
/// `XDG_CONFIG_HOME` is unset or relative), in the `KeyBindings` file format, applied over
/// the application's bindings when the host starts.
///
///     # ~/.config/Checklists/keys
///     Control+Shift+z = redo
///     Alt+n = newItem
///
/// Actions the app declares must be known before the file is read: apps register their own
/// with `Action.register(...)` in their setup. A file with an error is not applied at all,
/// and the error (`/root/.config/Checklists/keys:3: unknown action "redoo"`) is shown in an
/// alert when the app starts.
public enum UserKeyBindings {
  /// The bindings file of the app called `appName`.
  public static func url(
    forApp appName: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let base: URL
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      base = URL(fileURLWithPath: xdg, isDirectory: true)
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config")
    }
    return base.appendingPathComponent(appName).appendingPathComponent("keys")
  }

  /// Applies the file at `url` over `application`'s key bindings, if there is a file.
  /// Returns whether one was applied; throws ``FileError`` when it cannot be read and
  /// `KeyBindingError` for a bad line, leaving the bindings unchanged either way.
  @MainActor
  @discardableResult
  public static func apply(from url: URL, to application: Application) throws -> Bool {
    guard FileManager.default.fileExists(atPath: url.path) else { return false }
    let data = try RegularFile.read(atPath: url.path)
    guard let text = String(data: data, encoding: .utf8) else {
      var error = FileError(errno: EILSEQ, operation: .read, path: url.path)
      error.reason = "the file is not UTF-8 text"
      throw error
    }
    var bindings = application.keyBindings
    try bindings.apply(contentsOf: text, file: url.path)
    application.keyBindings = bindings
    return true
  }

  /// What the host does at start: applies the file of the running program (named as the
  /// process is), and if that fails shows why in an alert over the app.
  @MainActor
  static func load(into application: Application) {
    let url = url(forApp: ProcessInfo.processInfo.processName)
    do {
      try apply(from: url, to: application)
    } catch {
      let alert = Alert(
        title: "Your key bindings were not loaded",
        message: "\(error)\nNone of the file was applied; the standard keys work.")
      alert.maximumTextWidth = 70
      alert.addButton(withTitle: "OK")
      alert.beginModal(for: application)
    }
  }
}
