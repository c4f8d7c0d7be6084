import Testing

@Suite("charflow binary basics")
struct SmokeTests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let runner = try CharflowRunner()
        let result = try runner.run(["--version"], now: nil)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("charflow "))
    }
}
