/// One terminal cell: a grapheme cluster and its style.
///
/// A wide character (East Asian wide, most emoji) occupies two cells: the first holds the
/// character with ``width`` 2, the second is a ``continuation(_:)`` cell.
///
/// A cell is a plain value of 16 bytes with no padding and no references: copying a frame
/// copies bytes, and two cells are equal exactly when their bytes are, so a renderer compares
/// frames with `memcmp`. The common case, one scalar, is stored inline; a cluster of several
/// scalars (combining marks, emoji sequences) is stored once in a process-wide table and the
/// cell keeps its index.
public struct Cell: Hashable, Sendable {
  /// The scalar's value; 0 marks the right half of a wide character; with
  /// ``clusterFlag`` set, the index of the cluster in ``ClusterTable``.
  @usableFromInline var scalar: UInt32
  /// The colours, packed by ``packed(_:)``: every bit is defined, unlike an enum's payload.
  @usableFromInline var foreground: UInt32
  @usableFromInline var background: UInt32
  @usableFromInline var attributes: UInt8
  /// 1 for a normal cell, 2 for the left half of a wide character, 0 for a continuation.
  public private(set) var width: UInt8
  /// The number of the cell's ``Hyperlink``, 0 for none; spelled out (as every field) so the
  /// layout has no padding bytes of undefined value.
  @usableFromInline var link: UInt16 = 0

  /// Above every Unicode scalar value, so it cannot be confused with one.
  @usableFromInline static let clusterFlag: UInt32 = 0x8000_0000

  /// A blank cell in the given style.
  public static func blank(_ style: TextStyle = .plain) -> Cell {
    Cell(scalar: 0x20, style: style, width: 1)
  }

  /// The right half of a wide character.
  public static func continuation(_ style: TextStyle) -> Cell {
    Cell(scalar: 0, style: style, width: 0)
  }

  @usableFromInline init(scalar: UInt32, style: TextStyle, width: UInt8) {
    self.scalar = scalar
    self.foreground = Cell.packed(style.foreground)
    self.background = Cell.packed(style.background)
    self.attributes = style.attributes.rawValue
    self.width = width
    self.link = style.link?.index ?? 0
  }

  /// A cell holding a character; its width is taken from `Character.terminalWidth`.
  public init(_ character: Character, style: TextStyle = .plain) {
    let scalars = character.unicodeScalars
    let value: UInt32
    if scalars.count > 1 {
      value = Cell.clusterFlag | ClusterTable.shared.index(of: String(character))
    } else {
      value = scalars.first?.value ?? 0x20
    }
    self.init(scalar: value, style: style, width: UInt8(max(1, min(2, character.terminalWidth))))
  }

  /// Colours and attributes.
  public var style: TextStyle {
    get {
      TextStyle(
        foreground: Cell.color(foreground), background: Cell.color(background),
        attributes: TextStyle.Attributes(rawValue: attributes), link: link == 0 ? nil : Hyperlink(index: link)
      )
    }
    set {
      foreground = Cell.packed(newValue.foreground)
      background = Cell.packed(newValue.background)
      attributes = newValue.attributes.rawValue
      link = newValue.link?.index ?? 0
    }
  }

  /// Whether two cells have the same colours, attributes and link; cheaper than comparing
  /// ``style``s.
  @inlinable public func hasSameStyle(as other: Cell) -> Bool {
    foreground == other.foreground && background == other.background && attributes == other.attributes
      && link == other.link
  }

  /// True for the right half of a wide character.
  public var isContinuation: Bool { width == 0 }

  /// The cell's text when it is a single scalar, which is what most cells hold; `nil` for a
  /// continuation cell or a cluster of several scalars. Lets a renderer write the common case
  /// without making a `String`.
  @inlinable public var singleScalar: Unicode.Scalar? {
    scalar & Cell.clusterFlag != 0 || scalar == 0 ? nil : Unicode.Scalar(scalar)
  }

  /// The byte of a one-column cell holding printable ASCII (U+0020 to U+007E), else `nil`:
  /// the cells a renderer writes as they are, tested without decoding a scalar.
  @inlinable public var printableASCII: UInt8? {
    width == 1 && scalar &- 0x20 < 0x5F ? UInt8(truncatingIfNeeded: scalar) : nil
  }

  /// The text of the cell: the cluster, or "" for a continuation cell.
  public var text: String {
    if scalar & Cell.clusterFlag != 0 { return ClusterTable.shared.cluster(at: scalar & ~Cell.clusterFlag) }
    if scalar == 0 { return "" }
    return String(Character(Unicode.Scalar(scalar) ?? " "))
  }

  /// 0 for the default colour, 1 << 24 | index for the palette, 2 << 24 | RGB.
  @usableFromInline static func packed(_ color: Color) -> UInt32 {
    switch color {
    case .default: 0
    case .palette(let index): 1 << 24 | UInt32(index)
    case .rgb(let r, let g, let b): 2 << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
  }

  @usableFromInline static func color(_ packed: UInt32) -> Color {
    switch packed >> 24 {
    case 1: .palette(UInt8(truncatingIfNeeded: packed))
    case 2:
      .rgb(
        UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8),
        UInt8(truncatingIfNeeded: packed))
    default: .default
    }
  }
}
