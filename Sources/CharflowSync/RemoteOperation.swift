/// One operation from another device, as the hub delivered it (spec D18).
package struct RemoteOperation: Sendable, Equatable {
    package let hlc: String
    package let table: String
    package let rowID: String
    package let field: String
    /// The field's value as JSON text; `true` for `_deleted`.
    package let value: String
    /// The clock of the value it replaced on its device, what its writer had seen of the field (rule
    /// Y-24): empty when the field held none there, nil when not known (an older build or hub, or the
    /// hub's state).
    package let base: String?

    package init(hlc: String, table: String, rowID: String, field: String, value: String, base: String? = nil) {
        self.hlc = hlc
        self.table = table
        self.rowID = rowID
        self.field = field
        self.value = value
        self.base = base
    }
}
