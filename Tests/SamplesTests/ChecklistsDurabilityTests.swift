import EventReplay
import Foundation
import Glibc
import ResponderKit
import TestSupport
import Testing

@testable import Checklists

/// Runs a shell command; true when it succeeded.
private func shell(_ command: String) -> Bool {
  (try? TmuxSession.spawn(["sh", "-c", "{ \(command); } >/dev/null 2>&1 && echo ok"]))?.hasPrefix("ok")
    == true
}

/// Whether this machine lets the tests mount a tmpfs (root in a container that allows it).
private let canMountTmpfs: Bool = {
  guard let point = try? ScratchDirectory("mount-probe") else { return false }
  return shell("mount -t tmpfs -o size=64k tmpfs \(point.path) && umount \(point.path)")
}()

/// Whether the temporary directory's file system supports the immutable attribute.
private let canMakeImmutable: Bool = {
  guard let scratch = try? ScratchDirectory("chattr-probe") else { return false }
  let file = scratch.appending("probe").path
  return shell("touch \(file) && chattr +i \(file) && chattr -i \(file)")
}()

/// Saving where the file system, not permissions, refuses: tests run as root, which ignores
/// permission bits, so they use what binds root too — a read-only or full tmpfs they mount,
/// and an immutable file. Each failure must reach the user as a sentence, and the data file
/// must stay as it was.
@Suite("Checklists durability", .serialized)
@MainActor
struct ChecklistsDurabilityTests {
  /// A tmpfs mounted on a scratch folder, with the starter lists saved in it; unmounted when
  /// it goes (then the folder goes too), whether the test passed, failed or threw.
  @MainActor final class Tmpfs {
    let point: ScratchDirectory
    let data: URL

    init(size: String) throws {
      point = try ScratchDirectory("tmpfs")
      data = point.appending("checklists.json")
      try #require(shell("mount -t tmpfs -o size=\(size) tmpfs \(point.path)"), "mount refused")
      try ChecklistsStore(url: data).save(ChecklistsModel.starterLists)
    }

    deinit { _ = shell("umount \(point.path)") }
  }

  /// Toggles Milk in Groceries and returns the controller, after the save was attempted.
  func toggleMilk(_ data: URL) -> (ChecklistsAppController, HeadlessDriver) {
    let controller = ChecklistsAppController(dataURL: data)
    let driver = HeadlessDriver(application: controller.application, size: Size(width: 90, height: 24))
    driver.press("Down")
    driver.press("Return")
    driver.press("Space")
    return (controller, driver)
  }

  @Test(.enabled(if: canMountTmpfs, "mounting a tmpfs is refused on this machine"))
  func aReadOnlyFolderIsReportedAndTheFileKept() throws {
    let tmpfs = try Tmpfs(size: "64k")
    let data = tmpfs.data
    let before = try Data(contentsOf: data)
    try #require(shell("mount -o remount,ro \(data.deletingLastPathComponent().path)"))
    let (controller, driver) = toggleMilk(data)
    #expect(controller.lastSaveError?.description == "Cannot save to \(data.path): the folder is read-only")
    #expect(driver.screenText.contains("Not saved. Cannot save to"))
    #expect(try Data(contentsOf: data) == before)
    driver.press("Control+q")
    #expect(controller.currentAlert?.message.contains("the folder is read-only") == true)
  }

  @Test(.enabled(if: canMountTmpfs, "mounting a tmpfs is refused on this machine"))
  func aFullDiskIsReportedAndTheFileKept() throws {
    let tmpfs = try Tmpfs(size: "64k")
    let data = tmpfs.data
    let before = try Data(contentsOf: data)
    // Fill what is left; dd stops with ENOSPC.
    _ = shell("dd if=/dev/zero of=\(data.deletingLastPathComponent().path)/filler bs=4k")
    let (controller, _) = toggleMilk(data)
    #expect(controller.lastSaveError?.description == "Cannot save to \(data.path): the disk is full")
    #expect(try Data(contentsOf: data) == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: data.deletingLastPathComponent().path)
    #expect(Set(names) == ["checklists.json", "filler"], "the partial temporary file was removed")
  }

  @Test(.enabled(if: canMakeImmutable, "the file system has no immutable attribute (chattr +i)"))
  func anImmutableFileIsReportedAndKept() throws {
    let directory = try ScratchDirectory("immutable")
    let data = directory.appending("checklists.json")
    try ChecklistsStore(url: data).save(ChecklistsModel.starterLists)
    try #require(shell("chattr +i \(data.path)"))
    // Before the folder goes: an immutable file cannot be removed.
    defer { _ = shell("chattr -i \(data.path)") }
    let before = try Data(contentsOf: data)
    let (controller, _) = toggleMilk(data)
    #expect(
      controller.lastSaveError?.description.hasPrefix(
        "Cannot save to \(data.path): the operation is not permitted") == true)
    #expect(try Data(contentsOf: data) == before)
  }

  /// Reliability: a save killed at a random moment leaves the old file or the new one, never
  /// a broken one, and the next start removes the dead writer's temporary file.
  @Test func killedWhileSavingTheFileIsAlwaysTheOldOrTheNewState() throws {
    let binary = TmuxSession.productPath("Checklists")
    let session = try TmuxSession(width: 90, height: 20)
    let data = session.file("checklists.json")
    try ChecklistsStore(url: data).save(ChecklistsModel.starterLists)
    var generator = SystemRandomNumberGenerator()
    for round in 0..<6 {
      let before = try ChecklistsStore(url: data).load()
      guard case .loaded(let old) = before else {
        Issue.record("round \(round): the file does not parse: \(before)")
        return
      }
      try session.run("\(binary) --data \(data.path)")
      #expect(try session.waitFor("Return open"))
      try session.send("Down", "Enter")
      #expect(try session.waitFor("Coffee beans"))
      let pid = try #require(try session.foregroundPID())
      try session.send("Space")
      usleep(UInt32.random(in: 0...30_000, using: &generator))
      kill(pid, SIGKILL)
      // A killed app cannot restore the terminal; the shell gets it back in sane modes.
      #expect(try session.waitFor { _ in (try? session.foregroundPID()) == nil })
      try session.run("stty sane; printf '\\033[?1049l\\033[<u'; clear")
      guard case .loaded(let now) = try ChecklistsStore(url: data).load() else {
        Issue.record("round \(round): the file does not parse after kill -9")
        return
      }
      // Ids are made anew on each load, so states are compared by what they show.
      func shown(_ lists: [Checklist]) -> [String] {
        lists.flatMap { list in [list.name] + list.items.map { "\($0.text)=\($0.checked)" } }
      }
      var toggled = old
      toggled[1].items[0].checked.toggle()
      #expect(
        shown(now) == shown(old) || shown(now) == shown(toggled),
        "round \(round): neither the old nor the new state")
    }
    // Whatever temporary file a kill left is removed at the next start.
    _ = ChecklistsStore(url: data).removeStaleTemporaryFiles()
    let names = try FileManager.default.contentsOfDirectory(atPath: session.workDirectory.path)
    #expect(!names.contains { $0.hasPrefix(".checklists.json.tmp-") })
  }
}
