/// One operation from another device, as the hub delivered it (spec D18).
package struct RemoteOperation: Sendable, Equatable {
    package let hlc: String
    package let table: String
    package let rowID: String
    package let field: String
    /// The field's value as JSON text; `true` for `_deleted`.
    package let value: String

    package init(hlc: String, table: String, rowID: String, field: String, value: String) {
        self.hlc = hlc
        self.table = table
        self.rowID = rowID
        self.field = field
        self.value = value
    }
}
