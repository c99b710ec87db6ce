import Foundation
import ResponderKit
import TestSupport
import Testing

@testable import TerminalHost

extension Action {
  /// An app's own action, declared lazily as apps do.
  fileprivate static let userKeysTestAction = Action("userKeysTestAction")
}

@Suite("User key bindings")
@MainActor
struct UserKeyBindingsTests {
  let directory: URL
  /// Removes the directory when the test ends, passed, failed or thrown.
  private let scratchDirectory: ScratchDirectory

  init() throws {
    scratchDirectory = try ScratchDirectory("keys")
    directory = scratchDirectory.url
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("MyApp"), withIntermediateDirectories: true)
  }

  var file: URL { directory.appendingPathComponent("MyApp/keys") }

  /// The XDG base directory specification: $XDG_CONFIG_HOME if absolute, else ~/.config.
  @Test func theFileFollowsXDG() {
    #expect(UserKeyBindings.url(forApp: "A", environment: ["XDG_CONFIG_HOME": "/c"]).path == "/c/A/keys")
    #expect(UserKeyBindings.url(forApp: "A", environment: ["HOME": "/h"]).path == "/h/.config/A/keys")
    #expect(
      UserKeyBindings.url(forApp: "A", environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]).path
        == "/h/.config/A/keys")
  }

  @Test func aFileIsAppliedOverTheStandardBindings() throws {
    try "Control+Shift+z = redo\nAlt+n = userKeysTestAction\n".write(
      to: file, atomically: true, encoding: .utf8)
    let app = Application()
    Action.register(.userKeysTestAction)
    #expect(try UserKeyBindings.apply(from: file, to: app))
    #expect(app.keyBindings[try KeySpec(parsing: "Control+Shift+z")] == [.redo])
    #expect(app.keyBindings[try KeySpec(parsing: "Alt+n")] == [.userKeysTestAction])
  }

  @Test func noFileChangesNothing() throws {
    let app = Application()
    #expect(try !UserKeyBindings.apply(from: directory.appendingPathComponent("none/keys"), to: app))
    #expect(app.keyBindings.table == KeyBindings.standard.table)
  }

  @Test func aBadLineIsNamedAndNothingIsApplied() throws {
    try "Control+t = moveLeft\n\nControl+Shift+z = redoo\n".write(to: file, atomically: true, encoding: .utf8)
    let app = Application()
    let error = #expect(throws: KeyBindingError.self) { try UserKeyBindings.apply(from: file, to: app) }
    #expect(error?.description == "\(file.path):3: unknown action \"redoo\"")
    #expect(app.keyBindings.table == KeyBindings.standard.table)
  }

  @Test func aFolderInPlaceOfTheFileIsASentence() throws {
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    let error = #expect(throws: FileError.self) { try UserKeyBindings.apply(from: file, to: Application()) }
    #expect(error?.description == "Cannot read \(file.path): it is a folder, not a file")
  }
}
