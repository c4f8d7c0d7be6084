/// The page's files as the build found them in `Sources/CharflowWeb/Page`: one `StaticString` member a
/// file, named after it (`app.css` is `app_css`), each written by the `EmbedPage` plugin at build time.
enum PageFiles {}
