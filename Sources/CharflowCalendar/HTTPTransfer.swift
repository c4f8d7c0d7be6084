import CLibCurl
import CharflowCore
import Foundation

/// One HTTP request of a calendar fetch, made with libcurl, and the answer that came back.
///
/// Redirects are followed here, at most `limits.redirects`, each new address checked like the first
/// (`SourceAddress`: plain http only to this machine); credentials go along only to the same host and
/// scheme. A 401 is `CalendarFailure.unauthorized` naming the source; other statuses are the caller's
/// to judge.
struct HTTPTransfer {
    let source: String
    let environment: CalendarEnvironment
    let limits: CalendarFetchLimits

    struct Answer {
        let status: Int
        /// Header names lower-cased, each with its last value.
        let headers: [String: String]
        let body: [UInt8]
        /// The address that answered, after any redirects.
        let address: SourceAddress

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `method` to `address` with `headers` ("Name: value") and `body`, signing in with
    /// `credentials` when given.
    func send(_ method: String, to address: SourceAddress, headers: [String] = [], body: String? = nil,
              credentials: SourceCredentials?) throws(CalendarFailure) -> Answer {
        try LibCurl.require()
        var current = address
        var method = method
        var body = body
        for _ in 0...limits.redirects {
            let sameOrigin = current.host == address.host && current.scheme == address.scheme
            let answer = try once(method, to: current, headers: headers, body: body, credentials: sameOrigin ? credentials : nil)
            guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.headers["location"] else {
                if answer.status == 401 {
                    throw .unauthorized(source: source, host: current.host, credentials: sameOrigin ? credentials?.origin : nil)
                }
                return answer
            }
            current = try current.resolving(location)
            if answer.status == 303 {
                method = "GET"
                body = nil
            }
        }
        throw .unreachable(source: source, detail: "more than \(limits.redirects) redirects")
    }

    private func once(_ method: String, to address: SourceAddress, headers: [String], body: String?,
                      credentials: SourceCredentials?) throws(CalendarFailure) -> Answer {
        var answer = charflow_curl_answer()
        answer.body_limit = limits.maximumBytes
        defer { charflow_curl_answer_free(&answer) }
        let lines = headers + ["Expect:"]
        let noProxy = (["localhost", "127.0.0.1", "::1"] + (environment.noProxy.map { [$0] } ?? [])).joinedText(separator: ",")
        let code: CURLcode = address.text.withCString { url in
            method.withCString { method in
                address.protocols.withCString { protocols in
                    (environment.proxy ?? "").withCString { proxy in
                        noProxy.withCString { noProxy in
                            withCStrings(lines) { headerLines in
                                withOptionalCString(credentials?.user) { user in
                                    withOptionalCString(credentials?.password) { password in
                                        withOptionalCString(body) { bodyText in
                                            var request = charflow_curl_request()
                                            request.url = url
                                            request.method = method
                                            request.protocols = protocols
                                            request.user = user
                                            request.password = password
                                            request.proxy = proxy
                                            request.no_proxy = noProxy
                                            request.body = bodyText
                                            request.body_length = body?.utf8.count ?? 0
                                            request.headers = headerLines
                                            request.header_count = lines.count
                                            request.connect_timeout_ms = Int(limits.connectSeconds * 1000)
                                            request.timeout_ms = Int(limits.requestSeconds * 1000)
                                            return charflow_curl_perform(&request, &answer)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if answer.over_limit != 0 || charflow_curl_is_too_large(code) != 0 {
            throw .tooLarge(source: source, megabytes: max(1, limits.maximumBytes >> 20))
        }
        guard code == CURLE_OK else {
            if charflow_curl_is_timeout(code) != 0 {
                throw .timedOut(source: source, seconds: Int(limits.requestSeconds.rounded(.up)))
            }
            let detail = withUnsafeBytes(of: answer.error) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw .unreachable(source: source, detail: detail.isEmpty ? String(cString: charflow_curl_strerror(code)) : detail)
        }
        let body = answer.body.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self),
                                                               count: answer.body_length)) } ?? []
        let headerText = answer.headers.map { String(cString: $0) } ?? ""
        var parsed: [String: String] = [:]
        for line in headerText.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            parsed[line[..<colon].lowercased().trimmingCharacters(in: .whitespaces)] =
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: answer.status, headers: parsed, body: body, address: address)
    }
}

/// `body` with a C string for `text`, or NULL when there is none.
private func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}

/// `body` with a C array of C strings, one for each of `texts`, alive for the call.
private func withCStrings<T>(_ texts: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T) -> T {
    let copies = texts.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
