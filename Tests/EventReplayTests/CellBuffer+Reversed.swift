import ResponderKit

extension CellBuffer {
  /// The characters of row `row` drawn reversed: what shows as selected without colour.
  func reversedText(ofRow row: Int) -> String {
    var result = ""
    for x in 0..<columns where self[x, row].style.attributes.contains(.reverse) {
      result += self[x, row].text
    }
    return result
  }
}
