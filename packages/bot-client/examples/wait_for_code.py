# Prints the next SMS code sent to a RoboMFA's number; Python 3 standard library only.
# MULTIMFA_API_KEY=mmfa_bot_... MULTIMFA_BASE_URL=https://... python3 wait_for_code.py [SENDER]
import json, os, sys, time, urllib.parse, urllib.request

API = os.environ["MULTIMFA_BASE_URL"].rstrip("/") + "/api/bot/v1/messages"
HEADERS = {"Authorization": "Bearer " + os.environ["MULTIMFA_API_KEY"]}
def get(url):  # the answer's data; None for 204 (nothing came in time)
    with urllib.request.urlopen(urllib.request.Request(url, headers=HEADERS), timeout=35) as answer:
        return json.load(answer)["data"] if answer.status == 200 else None
since = os.environ.get("MULTIMFA_SINCE") or get(API + "?limit=0")["cursor"]  # where the feed stands
deadline = time.time() + 60
while time.time() < deadline:
    query = {"since": since, "timeout": max(1, min(25, int(deadline - time.time())))}
    message = get(API + "/next?" + urllib.parse.urlencode({**query, **({"sender": sys.argv[1]} if sys.argv[1:] else {})}))
    if message and message["code"]:
        sys.exit(print(message["code"]))  # prints the code, exits 0
    since = message["cursor"] if message else since
sys.exit("no code within 60 s")
