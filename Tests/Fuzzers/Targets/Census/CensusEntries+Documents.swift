import Foundation
import ResponderKit

/// A document for the census: its text in memory, no file.
@MainActor private final class CensusDocument: Document {}

extension CensusEntry {
  // The document architecture: the autosave delay is a duration (README, "Reliability").
  @MainActor static let documents: [CensusEntry] = [
    CensusEntry("ResponderKit.DocumentController.autosavingDelay: TimeInterval", durationRule) { stage, v in
      let controller = DocumentController(documentType: CensusDocument.self)
      controller.autosavingDelay = v
      stage.application.documentController = controller
      let document = controller.openUntitledDocumentAndDisplay(false)
      document.updateChangeCount(.changeDone)
      stage.application.documentController = nil
      return controller.autosavingDelay
    }
  ]
}
