import Foundation

/// The responses of a WebDAV multistatus answer (RFC 4918 §13): for each href, the properties its
/// server found (those under a propstat whose status is 200).
struct DAVMultistatus {
    struct Response {
        let href: String
        let properties: [DAVElement]

        func property(_ namespace: String, _ name: String) -> DAVElement? {
            properties.first { $0.namespace == namespace && $0.name == name }
        }
    }

    let responses: [Response]

    /// The multistatus in `bytes`, or nil when they are not one.
    init?(_ bytes: [UInt8]) {
        guard let root = DAVXML.parse(bytes), root.namespace == DAVElement.dav, root.name == "multistatus" else { return nil }
        responses = root.all(DAVElement.dav, "response").compactMap { response in
            guard let href = response.child(DAVElement.dav, "href")?.text.trimmingCharacters(in: .whitespacesAndNewlines) else {
                return nil
            }
            let found = response.all(DAVElement.dav, "propstat").filter { propstat in
                let status = propstat.child(DAVElement.dav, "status")?.text ?? ""
                return status.split(separator: " ").dropFirst().first == "200"
            }
            return Response(href: href, properties: found.flatMap { $0.child(DAVElement.dav, "prop")?.children ?? [] })
        }
    }
}
