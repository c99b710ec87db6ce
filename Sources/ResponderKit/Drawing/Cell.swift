/// One terminal cell: a grapheme cluster and its style.
///
/// A wide character (East Asian wide, most emoji) occupies two cells: the first holds the
/// character with ``width`` 2, the second is a ``continuation(_:)`` cell. The common case, one
/// scalar, is stored inline so comparing frames does not touch strings.
public struct Cell: Hashable, Sendable {
  /// The first (usually only) scalar; 0 marks the right half of a wide character.
  @usableFromInline var scalar: UInt32
  /// The whole cluster when it has more than one scalar (combining marks, emoji sequences).
  @usableFromInline var cluster: String?
  /// Colours and attributes.
  public var style: TextStyle
  /// 1 for a normal cell, 2 for the left half of a wide character, 0 for a continuation.
  public private(set) var width: UInt8

  /// A blank cell in the given style.
  public static func blank(_ style: TextStyle = .plain) -> Cell {
    Cell(scalar: 0x20, cluster: nil, style: style, width: 1)
  }

  /// The right half of a wide character.
  public static func continuation(_ style: TextStyle) -> Cell {
    Cell(scalar: 0, cluster: nil, style: style, width: 0)
  }

  @usableFromInline init(scalar: UInt32, cluster: String?, style: TextStyle, width: UInt8) {
    self.scalar = scalar
    self.cluster = cluster
    self.style = style
    self.width = width
  }

  /// A cell holding a character; its width is taken from `Character.terminalWidth`.
  public init(_ character: Character, style: TextStyle = .plain) {
    let scalars = character.unicodeScalars
    self.scalar = scalars.first?.value ?? 0x20
    self.cluster = scalars.count > 1 ? String(character) : nil
    self.style = style
    self.width = UInt8(max(1, min(2, character.terminalWidth)))
  }

  /// True for the right half of a wide character.
  public var isContinuation: Bool { width == 0 }

  /// The text of the cell: the cluster, or "" for a continuation cell.
  public var text: String {
    if let cluster { return cluster }
    if scalar == 0 { return "" }
    return String(Character(Unicode.Scalar(scalar) ?? " "))
  }
}
