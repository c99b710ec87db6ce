import Foundation
import TestSupport
import Testing

/// The suite's own hygiene: what a test and the programs it runs write to the temporary
/// directory goes when the test lets go of its `ScratchDirectory`, failed or not (`make test`
/// fails when anything is left).
@Suite("Scratch directories")
struct ScratchDirectoryTests {
  struct Failure: Error {}

  @Test func aChildsTemporaryFilesGoWithTheFolderEvenWhenTheTestThrows() throws {
    var folder = ""
    var childTemporary = ""
    func failingTest() throws {
      let scratch = try ScratchDirectory("scratch-test")
      folder = scratch.path
      let environment = try scratch.childEnvironment()
      childTemporary = try #require(environment["TMPDIR"])
      // A child that leaves a folder in its TMPDIR, as swiftc leaves TemporaryDirectory.*.
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/bin/sh")
      child.arguments = ["-c", "mkdir \"$TMPDIR/TemporaryDirectory.left\""]
      child.environment = environment
      try child.run()
      child.waitUntilExit()
      #expect(child.terminationStatus == 0)
      #expect(FileManager.default.fileExists(atPath: childTemporary + "/TemporaryDirectory.left"))
      throw Failure()
    }
    #expect(throws: Failure.self) { try failingTest() }
    #expect(childTemporary.hasPrefix(folder + "/"), "the child's TMPDIR is inside the folder")
    #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) is still there")
  }
}
