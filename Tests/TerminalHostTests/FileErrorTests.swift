import Foundation
import Glibc
import TestSupport
import Testing

@testable import TerminalHost

/// The errors come from real Foundation and C calls failing, so the mapping is checked
/// against what Foundation actually throws, not against hand-made NSErrors.
@Suite("File errors in sentences")
struct FileErrorTests {
  let directory: URL
  /// Removes the directory when the test ends, passed, failed or thrown.
  private let scratchDirectory: ScratchDirectory

  init() throws {
    scratchDirectory = try ScratchDirectory("file-error")
    directory = scratchDirectory.url
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func thrown(_ body: () throws -> Void) -> (any Error)? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  @Test func aMissingFileFromDataContentsOf() throws {
    let url = directory.appendingPathComponent("none.json")
    let error = try #require(thrown { _ = try Data(contentsOf: url) })
    let sentence = FileError(error, operation: .read, path: url.path)
    #expect(sentence.code == .ENOENT)
    #expect(sentence.description == "Cannot read \(url.path): there is no such file")
  }

  @Test func writingIntoAMissingFolder() throws {
    let url = directory.appendingPathComponent("no/such/folder/list.json")
    let error = try #require(thrown { try Data("x".utf8).write(to: url, options: .atomic) })
    let sentence = FileError(error, operation: .save, path: url.path)
    #expect(sentence.description == "Cannot save to \(url.path): the folder does not exist")
    #expect(!sentence.description.contains("Domain"))
  }

  @Test func readingAFolderAsAFile() throws {
    let error = try #require(thrown { _ = try Data(contentsOf: directory) })
    let sentence = FileError(error, operation: .read, path: directory.path)
    #expect(sentence.code == .EISDIR)
    #expect(sentence.description == "Cannot read \(directory.path): it is a folder, not a file")
  }

  @Test func writingOverAFolder() throws {
    let error = try #require(thrown { try Data("x".utf8).write(to: directory) })
    #expect(FileError(error, operation: .save, path: directory.path).reason == "it is a folder, not a file")
  }

  @Test func errnoFromACCall() {
    let fd = open(directory.appendingPathComponent("a/b").path, O_RDONLY)
    #expect(fd == -1)
    let sentence = FileError(errno: errno, operation: .read, path: "a/b")
    #expect(sentence.description == "Cannot read a/b: there is no such file")
  }

  /// The codes that tests running as root cannot provoke through permissions.
  @Test(arguments: [
    (POSIXErrorCode.EACCES, "permission was denied"), (.ENOSPC, "the disk is full"),
    (.EROFS, "the folder is read-only"), (.EDQUOT, "the disk quota is used up"),
  ])
  func posixErrorsOfSaving(code: POSIXErrorCode, reason: String) {
    let sentence = FileError(POSIXError(code), operation: .save, path: "/x/list.json")
    #expect(sentence.description == "Cannot save to /x/list.json: \(reason)")
  }

  /// Foundation's own code for a full disk, with no underlying POSIX error.
  @Test func cocoaCodesWithoutAnUnderlyingError() {
    let full = FileError(CocoaError(.fileWriteOutOfSpace), operation: .save, path: "/x")
    #expect(full.code == .ENOSPC && full.reason == "the disk is full")
    let readOnly = FileError(CocoaError(.fileWriteVolumeReadOnly), operation: .save, path: "/x")
    #expect(readOnly.reason == "the folder is read-only")
  }

  @Test func anUnknownCodeUsesTheCLibrarysMessageInLowerCase() {
    let sentence = FileError(errno: ENOTCONN, operation: .read, path: "/x")
    #expect(sentence.reason == String(cString: strerror(ENOTCONN)).lowercased())
  }

  struct Item: Decodable {
    var text: String
    var checked: Bool
  }

  /// JSONDecoder's own errors for a damaged file: what was wrong and where.
  @Test func aFileThatDoesNotDecodeSaysWhatAndWhere() throws {
    let missing = try #require(
      thrown {
        _ = try JSONDecoder().decode([String: [Item]].self, from: Data(#"{"items": [{"text": "x"}]}"#.utf8))
      })
    #expect(FileError(missing, operation: .read, path: "/x").reason == "missing \"checked\" at .items[0]")
    let broken = try #require(thrown { _ = try JSONDecoder().decode([Item].self, from: Data("[1, 2".utf8)) })
    let sentence = FileError(broken, operation: .read, path: "/x").description
    #expect(sentence.hasPrefix("Cannot read /x: not valid JSON"))
    #expect(!sentence.contains("DecodingError"))
  }
}
