import Foundation
import Glibc
import ResponderKit
import TestSupport
import Testing

@testable import TerminalHost

/// A text document saved through the real disk.
@MainActor
private final class DiskTextDocument: Document {
  var text = ""
  override func read(from data: Data, ofType typeName: String) throws {
    guard let text = String(data: data, encoding: .utf8) else {
      throw DocumentError.notText(path: fileURL?.path ?? displayName)
    }
    self.text = text
  }
  override func data(ofType typeName: String) throws -> Data { Data(text.utf8) }
  override func makeWindowControllers() { addWindowController(WindowController(window: Window())) }
}

/// A tmpfs mounted for one test (root can mount one; the machine's tests run as root): the
/// only way to make a real disk full or a real read-only folder for a process that root's
/// permissions let write anywhere.
private final class TinyDisk {
  let url: URL
  private let scratch: ScratchDirectory

  init?(kilobytes: Int) throws {
    scratch = try ScratchDirectory("tiny-disk")
    url = scratch.url
    guard TinyDisk.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path]) else {
      return nil
    }
  }

  func remount(readOnly: Bool) -> Bool {
    TinyDisk.run(["mount", "-o", readOnly ? "remount,ro" : "remount,rw", url.path])
  }

  deinit { _ = TinyDisk.run(["umount", url.path]) }

  static func run(_ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(arguments[0])")
    process.arguments = Array(arguments.dropFirst())
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// Whether this machine lets the tests mount one (root with the right to mount): tried once.
  static let available: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/mount"),
      let probe = try? ScratchDirectory("tiny-disk-probe"),
      run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", probe.path])
    else { return false }
    return run(["umount", probe.path])
  }()
}

@MainActor
@Suite("Documents on the real disk")
struct LocalDocumentFileSystemTests {
  private let scratch: ScratchDirectory
  private let app = Application()
  private let controller = DocumentController(
    documentType: DiskTextDocument.self, fileSystem: LocalDocumentFileSystem())

  init() throws {
    scratch = try ScratchDirectory("documents")
    controller.autosavesInBackground = false
    app.documentController = controller
  }

  private func open(_ url: URL) throws -> DiskTextDocument {
    try #require(try controller.openDocument(withContentsOf: url, display: false) as? DiskTextDocument)
  }

  private func edit(_ document: DiskTextDocument, _ text: String) {
    document.text = text
    document.updateChangeCount(.changeDone)
  }

  private func leftovers(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
      .sorted()
  }

  @Test func aSaveKeepsTheFilesPermissionsAndLeavesNoTemporaryFile() throws {
    let url = scratch.appending("private.txt")
    try Data("secret".utf8).write(to: url)
    chmod(url.path, 0o600)
    let document = try open(url)
    edit(document, "new secret")
    try document.save(to: url, ofType: document.fileType, for: .save)
    var info = stat()
    #expect(stat(url.path, &info) == 0 && info.st_mode & 0o7777 == 0o600)
    #expect(try String(contentsOf: url, encoding: .utf8) == "new secret")
    #expect(try leftovers(in: scratch.url).isEmpty && !document.isDocumentEdited)
  }

  @Test func aSaveThroughASymbolicLinkReplacesTheFileItPointsTo() throws {
    let real = scratch.appending("real.txt")
    let link = scratch.appending("link.txt")
    try Data("one".utf8).write(to: real)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    let document = try open(link)
    edit(document, "two")
    try document.save(to: link, ofType: document.fileType, for: .save)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
    #expect(try String(contentsOf: real, encoding: .utf8) == "two")
  }

  @Test func aFileReplacedByAFolderIsASentenceAndNothingIsLost() throws {
    let url = scratch.appending("notes.txt")
    try Data("one".utf8).write(to: url)
    let document = try open(url)
    edit(document, "one two")
    try FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    #expect(throws: FileError.self) { try document.save(to: url, ofType: document.fileType, for: .save) }
    do {
      try document.save(to: url, ofType: document.fileType, for: .save)
    } catch {
      #expect("\(error)" == "Cannot save to \(url.path): it is a folder, not a file")
    }
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue)
    #expect(document.isDocumentEdited && document.text == "one two")
  }

  @Test(.enabled(if: TinyDisk.available)) func aFullDiskIsASentenceTheFileStaysWholeAndNoTemporaryFileIsLeft()
    throws
  {
    let disk = try #require(try TinyDisk(kilobytes: 64), "mounting a tmpfs failed")
    let url = disk.url.appendingPathComponent("big.txt")
    let original = String(repeating: "old line\n", count: 1000)
    try Data(original.utf8).write(to: url)
    let document = try open(url)
    edit(document, String(repeating: "a much longer new line\n", count: 10_000))
    do {
      try document.save(to: url, ofType: document.fileType, for: .save)
      Issue.record("a 230 kB save fitted on a 64 kB disk")
    } catch {
      #expect("\(error)" == "Cannot save to \(url.path): the disk is full")
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == original)
    #expect(try leftovers(in: disk.url).isEmpty)
    #expect(document.isDocumentEdited)
  }

  @Test(.enabled(if: TinyDisk.available)) func aReadOnlyFolderIsASentenceAndTheDocumentStaysEdited() throws {
    let disk = try #require(try TinyDisk(kilobytes: 64), "mounting a tmpfs failed")
    let url = disk.url.appendingPathComponent("notes.txt")
    try Data("one".utf8).write(to: url)
    let document = try open(url)
    edit(document, "one two")
    #expect(disk.remount(readOnly: true))
    defer { _ = disk.remount(readOnly: false) }
    do {
      try document.save(to: url, ofType: document.fileType, for: .save)
      Issue.record("saved on a read-only disk")
    } catch {
      #expect("\(error)" == "Cannot save to \(url.path): the folder is read-only")
    }
    #expect(document.isDocumentEdited && document.text == "one two")
    #expect(try String(contentsOf: url, encoding: .utf8) == "one")
  }

  @Test func aFileThatIsNotTextOpensAsASentenceNotACrash() throws {
    let url = scratch.appending("binary.bin")
    try Data([0xFF, 0xFE, 0x00, 0xC3, 0x28]).write(to: url)
    #expect(throws: DocumentError.notText(path: url.path)) {
      try controller.openDocument(withContentsOf: url)
    }
    let folder = scratch.appending("folder.txt")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    do {
      try controller.openDocument(withContentsOf: folder)
    } catch {
      #expect("\(error)" == "Cannot read \(folder.path): it is a folder, not a file")
    }
    #expect(controller.documents.isEmpty)
  }

  @Test func anotherProgramsWriteChangesTheVersion() throws {
    let url = scratch.appending("watched.txt")
    let files = LocalDocumentFileSystem()
    try files.write(Data("one".utf8), to: url)
    let first = files.version(of: url)
    try Data("two".utf8).write(to: url)
    #expect(first != nil && files.version(of: url) != first)
    #expect(files.version(of: scratch.appending("missing")) == nil)
  }

  @Test func openingRemovesTheTemporaryFilesOfAKilledWriter() throws {
    let url = scratch.appending("doc.txt")
    try Data("one".utf8).write(to: url)
    // A writer that no longer exists: pid 2³⁰ - 1 is above Linux's pid_max.
    let stale = scratch.appending(".doc.txt.tmp-1073741823")
    let staleCopy = scratch.appending("..doc.txt.autosave.tmp-1073741823")
    try Data("half".utf8).write(to: stale)
    try Data("half".utf8).write(to: staleCopy)
    _ = try open(url)
    #expect(try leftovers(in: scratch.url).isEmpty)
  }
}
