// The page's one way to the server: a read is a GET, a write a POST of JSON with the page's write token
// (spec D17). A refusal comes back as an Error with the API's `code` and message in words.
import { say } from "./words.mjs";
import { noteAnswer } from "./offline.mjs";

const token = document.querySelector('meta[name="charflow-token"]').content;

export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Charflow-Token": token },
    body: JSON.stringify(body),
  };
  // The browser's own words for a server that does not answer ("Failed to fetch") are not shown: the
  // page says in its words that Charflow is not answering (W-22).
  let response;
  try { response = await fetch(path, options); } catch (cause) {
    const error = new Error(say("offline"));
    error.code = "offline";
    throw error;
  }
  noteAnswer(response);
  let data = {};
  try { data = await response.json(); } catch (cause) { data = {}; }
  // A 401 is this browser's sign-in gone (`serve --sign-out`), not a server that does not answer: the
  // page says how to sign in again (W-22).
  if (response.status === 401) {
    const error = new Error(say("signedOut"));
    error.code = "signedOut";
    throw error;
  }
  if (!response.ok) {
    const error = new Error(data.error ? data.error.message : String(response.status));
    error.code = data.error ? data.error.code : "http";
    throw error;
  }
  return data;
}

/** Whether `error` is the server's answer (a refusal, or no answer) rather than a fault of the page. */
export function fromServer(error) {
  return Boolean(error && error.code);
}
