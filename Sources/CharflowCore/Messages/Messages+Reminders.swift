/// The words of reminders that arrive (spec D23, rule R-7): the morning summary and the title a
/// notification carries.
extension Messages {
    /// The title every delivered reminder carries; its message is the notification's body.
    public static let reminderTitle = "Charflow"

    /// The morning summary at the start of Morning: "3 planned for Morning, Must-Do: Pay rent." (the
    /// Must-Do named only when one is open).
    public static func morningSummary(planned: Int, mustDo: String?) -> String {
        let head = "\(planned) planned for \(Region.morning.displayName)"
        guard let mustDo else { return head + "." }
        return head + ", \(Bucket.mustDo.displayName): \(mustDo)."
    }
}
