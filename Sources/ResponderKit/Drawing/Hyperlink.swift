import Foundation

/// A link drawn into cells: the terminal host writes its cells inside an OSC 8 hyperlink
/// (`ESC ] 8 ; id=… ; URL ESC \`), so terminals that know OSC 8 make them clickable (others
/// ignore it). Set it on a ``TextStyle`` (``TextStyle/link``), as for a ``Label``:
///
///     label.style.link = Hyperlink("https://example.org/docs")
///
/// A cell holds a 16-bit number for its link, so equal cells stay equal bits and the
/// renderer's diff sees a link change as a style change. Links are numbered per process, up to
/// 65,535 distinct URLs; past that a new URL is drawn as plain text.
public struct Hyperlink: Hashable, Sendable {
  /// The link's number in the process's table; 0 when the table was full.
  let index: UInt16

  /// The link to `url`. Bytes a terminal would not take in a URI (controls, non-ASCII) are
  /// percent-encoded when it is drawn.
  public init(_ url: String) {
    index = LinkTable.shared.index(of: url)
  }

  init(index: UInt16) { self.index = index }

  /// The URL.
  public var url: String { LinkTable.shared.url(at: index) }

  /// The link's number in this process, what the renderer writes as its OSC 8 `id`.
  public var number: Int { Int(index) }
}

extension Hyperlink: Codable {
  /// Decodes the URL.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the URL.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(url)
  }
}

extension Action {
  /// Sent with a nil target, from a ``Label`` whose style has a link, when it is clicked inside
  /// the app: the app decides what a link does (the sender's `style.link` says which).
  public static let openLink = Action("openLink")
}

/// The URLs of every ``Hyperlink``, numbered from 1.
final class LinkTable: @unchecked Sendable {
  static let shared = LinkTable()
  /// Guards both collections; cells are made on any thread.
  private let lock = NSLock()
  private var urls: [String] = [""]
  private var indices: [String: UInt16] = [:]

  func index(of url: String) -> UInt16 {
    lock.lock()
    defer { lock.unlock() }
    if let index = indices[url] { return index }
    guard urls.count <= Int(UInt16.max) else { return 0 }
    let index = UInt16(urls.count)
    urls.append(url)
    indices[url] = index
    return index
  }

  func url(at index: UInt16) -> String {
    lock.lock()
    defer { lock.unlock() }
    return urls[Int(index)]
  }
}
