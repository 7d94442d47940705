#!/usr/bin/env bash
# A newcomer's first ten minutes (issue 18 item 7), after `npm install` in a checkout:
# `npm start`, read the blog, register, log in, use the JWT, upload an image, GraphQL login, open
# the GraphQL sandbox, open the admin panel. Each step prints what it did; the first that fails says what it expected
# and what it got, prints the server's log and exits 1. `.ci/run` runs it after `npm test`.
#   scripts/newcomer-smoke.sh            (PORT=4000 scripts/newcomer-smoke.sh for another port)
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-1337}"
URL="http://127.0.0.1:$PORT"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  # npm start runs node as its child: stop the whole process group
  if [ -n "$server_pid" ]; then kill -- "-$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  echo "--- server log (last 40 lines) ---" >&2
  tail -n 40 "$work/server.log" >&2 || true
  exit 1
}
# json <file> <js expression over `body`>: prints the value, empty when it is missing
json() { node -e 'const body = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); const v = (0, eval)("(body) => " + process.argv[2])(body); if (v !== undefined && v !== null) process.stdout.write(typeof v === "string" ? v : JSON.stringify(v));' "$1" "$2" 2>/dev/null || true; }
# request <name> <expected status> curl-args…: the body lands in $work/<name>.json
request() {
  local name="$1" expected="$2"; shift 2
  local status
  status="$(curl -sS -o "$work/$name.json" -w '%{http_code}' "$@")" || fail "$name: curl failed ($*)"
  [ "$status" = "$expected" ] || fail "$name: expected HTTP $expected, got $status: $(head -c 600 "$work/$name.json")"
}
step() { printf 'ok  %-28s %s\n' "$1" "$2"; }

started=$(date +%s)
PORT="$PORT" setsid npm start >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  grep -q 'running at http' "$work/server.log" && break
  kill -0 "$server_pid" 2>/dev/null || fail "npm start exited before answering"
  sleep 0.5
done
grep -q 'running at http' "$work/server.log" || fail "npm start did not answer within 60 s"
step "npm start" "answers at $URL after $(( $(date +%s) - started )) s"

request articles 200 "$URL/api/articles"
count="$(json "$work/articles.json" 'body.data.length')"
[ "${count:-0}" -gt 0 ] || fail "read the blog: no articles in $(head -c 300 "$work/articles.json")"
step "read the blog" "$count articles on the first page"

user="newcomer$(date +%s)"
request register 200 -X POST "$URL/api/auth/local/register" -H 'content-type: application/json' \
  -d "{\"username\":\"$user\",\"email\":\"$user@example.com\",\"password\":\"first-ten-minutes\"}"
[ -n "$(json "$work/register.json" 'body.jwt')" ] || fail "register: no jwt in $(cat "$work/register.json")"
step "register" "$user"

request login 200 -X POST "$URL/api/auth/local" -H 'content-type: application/json' \
  -d "{\"identifier\":\"$user@example.com\",\"password\":\"first-ten-minutes\"}"
jwt="$(json "$work/login.json" 'body.jwt')"
[ -n "$jwt" ] || fail "login: no jwt in $(cat "$work/login.json")"
step "log in" "a JWT"

request me 200 -H "Authorization: Bearer $jwt" "$URL/api/users/me"
[ "$(json "$work/me.json" 'body.username')" = "$user" ] || fail "use the JWT: /api/users/me answered $(cat "$work/me.json")"
step "use the JWT" "/api/users/me is $user"

token="$(node bin/vellum.js token create --name "newcomer-$user" --type full-access --dir examples/blog | tail -n 1)" \
  || fail "npx vellum token create failed"
node -e 'require("sharp")({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toFile(process.argv[1])' "$work/photo.png"
request upload 201 -H "Authorization: Bearer $token" -F "files=@$work/photo.png" "$URL/api/upload"
thumb="$(json "$work/upload.json" 'body[0].formats.thumbnail.url')"
[ -n "$thumb" ] || fail "upload an image: no thumbnail format in $(head -c 600 "$work/upload.json")"
request thumbnail 200 "$URL$thumb"
step "upload an image" "$(json "$work/upload.json" 'body[0].url') with formats $(json "$work/upload.json" 'Object.keys(body[0].formats).join(",")')"

request gql-login 200 -X POST "$URL/graphql" -H 'content-type: application/json' \
  -d "{\"query\":\"mutation { login(input: { identifier: \\\"$user\\\", password: \\\"first-ten-minutes\\\" }) { jwt user { username } } }\"}"
[ "$(json "$work/gql-login.json" 'body.data.login.user.username')" = "$user" ] || fail "GraphQL login: $(cat "$work/gql-login.json")"
step "GraphQL login" "$user"

status="$(curl -sS -o "$work/sandbox.html" -w '%{http_code}' -H 'Accept: text/html' "$URL/graphql")" || fail "sandbox: curl failed"
[ "$status" = 200 ] || fail "open the sandbox: expected HTTP 200, got $status"
grep -qi '<html' "$work/sandbox.html" && grep -qi 'graphiql\|sandbox' "$work/sandbox.html" || fail "open the sandbox: not the sandbox page: $(head -c 300 "$work/sandbox.html")"
step "open the sandbox" "GET /graphql (text/html) answers the sandbox page"

status="$(curl -sS -o "$work/admin.html" -w '%{http_code}' -H 'Accept: text/html' "$URL/admin")" || fail "admin panel: curl failed"
[ "$status" = 200 ] || fail "open the admin panel: expected HTTP 200 from /admin, got $status: $(head -c 300 "$work/admin.html")"
grep -q '<base href="/admin/">' "$work/admin.html" || fail "open the admin panel: /admin is not the panel's page: $(head -c 300 "$work/admin.html")"
asset="$(grep -o 'src="./assets/[^"]*\.js"' "$work/admin.html" | head -n 1 | sed 's|src="./||; s|"$||')"
[ -n "$asset" ] || fail "open the admin panel: no script in $(cat "$work/admin.html")"
headers="$(curl -sS -o /dev/null -D - -H 'Accept-Encoding: gzip' "$URL/admin/$asset")" || fail "admin panel asset: curl failed"
grep -qi '^HTTP/1.1 200' <<<"$headers" || fail "admin panel asset /admin/$asset: $(head -n 1 <<<"$headers")"
grep -qi '^cache-control: public, max-age=31536000, immutable' <<<"$headers" || fail "admin panel asset /admin/$asset: not cached as immutable: $headers"
grep -qi '^content-encoding: gzip' <<<"$headers" || fail "admin panel asset /admin/$asset: not sent gzip: $headers"
step "open the admin panel" "$URL/admin and /admin/$asset (immutable, gzip)"

echo "newcomer smoke passed in $(( $(date +%s) - started )) s"
