// Saves and autosaves one document as fast as it can, forever, until it is killed: the
// subject of the kill -9 test (`Tests/SamplesTests/DocumentKillTests.swift`).
//
//     SaveProbe <folder> <first version>   saves versions from <first version> on, printing
//                                          "saved N" after each save and autosave
//     SaveProbe <folder> --open            opens the document (as a next launch does) and exits
//
// Each version is "BEGIN n length\n", length bytes, "\nEND n\n", so a reader can tell a
// complete version from a torn or mixed one.

import Foundation
import ResponderKit
import TerminalHost

@MainActor
final class ProbeDocument: Document {
  var text = ""
  override func read(from data: Data, ofType typeName: String) throws {
    text = String(decoding: data, as: UTF8.self)
  }
  override func data(ofType typeName: String) throws -> Data { Data(text.utf8) }
}

/// Version `n`: a length that varies between 1 byte and 32 kB, so writes of many sizes are cut.
func version(_ n: Int) -> String {
  let length = 1 + (n &* 7919) % 32_768
  let body = String(repeating: String(UnicodeScalar(UInt8(65 + n % 26))), count: length)
  return "BEGIN \(n) \(length)\n\(body)\nEND \(n)\n"
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: SaveProbe <folder> <first version>|--open\n".utf8))
  exit(2)
}
let url = URL(fileURLWithPath: arguments[1]).appendingPathComponent("doc.txt")

MainActor.assumeIsolated {
  let controller = DocumentController(documentType: ProbeDocument.self, fileSystem: LocalDocumentFileSystem())
  controller.autosavesInBackground = false
  let document: ProbeDocument
  do {
    document = try controller.openDocument(withContentsOf: url, display: false) as! ProbeDocument
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
  guard let first = Int(arguments[2]) else { exit(0) }
  var n = first
  while true {
    document.text = version(n)
    document.updateChangeCount(.changeDone)
    do {
      if n % 2 == 0 {
        try document.save(to: url, ofType: document.fileType, for: .save)
      } else {
        document.autosave(completion: nil)
      }
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      exit(1)
    }
    FileHandle.standardOutput.write(Data("saved \(n)\n".utf8))
    n += 1
  }
}
