import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    v = json.loads(line)[sys.argv[2]]
    print(v if isinstance(v, int) else v.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r"))
