import EventReplay
import Foundation
import ResponderKit
import TestSupport
import Testing

@testable import Checklists

/// The F1 list of a checklist names its Space binding ("Toggle") by the key's name; it showed
/// a blank key before the rule for keys that draw nothing.
@MainActor
@Test func checklistsF1ListNamesTheSpaceKey() throws {
  let scratch = try ScratchDirectory("checklists-keylist")
  try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
  let controller = ChecklistsAppController(dataURL: scratch.url.appendingPathComponent("checklists.json"))
  let driver = HeadlessDriver(application: controller.application, size: Size(width: 80, height: 24))
  driver.press("Down")
  driver.press("Return")
  driver.press("F1")
  let entries = controller.application.keyCommandOverlay.entries
  #expect(entries.contains { $0.shortcut == "Space" && $0.title.contains("Toggle") }, "\(entries)")
  #expect(entries.allSatisfy { !$0.shortcut.trimmingCharacters(in: .whitespaces).isEmpty })
  #expect(driver.screenText.contains("Space"))
}
