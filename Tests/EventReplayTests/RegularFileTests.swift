import EventReplay
import Foundation
import Glibc
import ResponderKit
import TerminalHost
import TestSupport
import Testing

/// Files an app is pointed at (recordings, key bindings, `--data`) are read like keymaps: a
/// regular file, bounded, with the real reason when it is not one. Before, `/dev/zero`, a FIFO
/// or a character device were "permission was denied" (or a hang), and a 100 MB key-bindings
/// file was read whole.
@Suite("Regular files only")
@MainActor
struct RegularFileTests {
  /// Removed when the test ends, passed, failed or thrown.
  private let scratchDirectory: ScratchDirectory

  init() throws { scratchDirectory = try ScratchDirectory("regular") }

  private func scratch() throws -> URL {
    let folder = scratchDirectory.appending(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aFIFOIsRefusedAsAFIFOWithoutBlocking() throws {
    let fifo = try scratch().appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(throws: FileError.self) { try RegularFile.read(atPath: fifo.path) }
    do {
      _ = try RegularFile.read(atPath: fifo.path)
    } catch {
      #expect(error.description == "Cannot read \(fifo.path): it is a FIFO, not a regular file")
    }
  }

  @Test(arguments: ["/dev/zero", "/dev/null"])
  func aCharacterDeviceIsRefusedAsOne(path: String) {
    do {
      _ = try RegularFile.read(atPath: path)
      Issue.record("\(path) was read")
    } catch {
      #expect(error.reason == "it is a character device, not a regular file")
      #expect(error.code != .EACCES)
    }
  }

  @Test func aFileOverTheLimitIsRefusedBeforeAnyByteIsRead() throws {
    let big = try scratch().appendingPathComponent("keys")
    #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
    #expect(truncate(big.path, 100 * 1024 * 1024) == 0)  // sparse: 100 MB that take no disk
    do {
      _ = try RegularFile.read(atPath: big.path)
      Issue.record("a 100 MB file was read")
    } catch {
      #expect(error.code == .EFBIG)
      #expect(error.reason == "the file is larger than the 16 MiB limit (104857600 bytes)")
    }
  }

  @Test func keyBindingsRecordingsAndDataFilesGiveTheSameReasons() throws {
    let fifo = try scratch().appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let app = Application()
    for path in [fifo.path, "/dev/zero"] {
      let url = URL(fileURLWithPath: path)
      #expect(throws: FileError.self) { try UserKeyBindings.apply(from: url, to: app) }
      do {
        _ = try Recording(contentsOf: url)
        Issue.record("\(path) read as a recording")
      } catch let error as FileError {
        #expect(error.reason.hasSuffix("not a regular file"))
      }
    }
  }

  @Test func aMissingFileIsNotFoundAndAFolderIsAFolder() throws {
    let folder = try scratch()
    #expect(throws: FileError.self) {
      try RegularFile.read(atPath: folder.appendingPathComponent("none").path)
    }
    do {
      _ = try RegularFile.read(atPath: folder.path)
    } catch {
      #expect(error.code == .EISDIR)
    }
  }
}
