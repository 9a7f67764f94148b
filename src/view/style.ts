/** The page's stylesheet: light and dark from the user's preference, readable over the canvas. */
export const PAGE_CSS = `
:root{--bg:#f7f7f4;--panel:#ffffffee;--fg:#1d2127;--muted:#5d6673;--line:#d9dcd6;--accent:#2f6fdb;--chip:#eceee9;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#12151a;--panel:#1b2028ee;--fg:#e4e7ec;--muted:#98a2b3;--line:#2c3440;--accent:#6ea8ff;--chip:#262d38}}
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:var(--bg);color:var(--fg);font:13px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;overflow:hidden}
#stage{position:absolute;inset:0}
#zones,#graph{position:absolute;inset:0}
#graph{background:transparent}
header{position:absolute;top:10px;left:10px;right:10px;display:flex;gap:8px;align-items:center;flex-wrap:wrap;pointer-events:none}
header>*{pointer-events:auto}
.box{background:var(--panel);border:1px solid var(--line);border-radius:8px;box-shadow:0 2px 10px #0002;backdrop-filter:blur(6px)}
#title{padding:6px 10px;font-weight:600}
#title small{font-weight:400;color:var(--muted);margin-left:6px}
#search-wrap{position:relative}
input,select,button{font:inherit;color:var(--fg);background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:5px 8px}
button{cursor:pointer}button:hover{border-color:var(--accent)}button[aria-pressed=true]{background:var(--accent);color:#fff;border-color:var(--accent)}
#search{width:260px}
#results{position:absolute;top:34px;left:0;width:380px;max-height:360px;overflow:auto;padding:4px;margin:0;list-style:none}
#results:empty{display:none}
#results li{padding:4px 6px;border-radius:4px;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#results li:hover,#results li.active{background:var(--chip)}
#results .sub{color:var(--muted);margin-left:6px}
#panel{position:absolute;top:58px;right:10px;bottom:10px;width:380px;overflow:auto;padding:12px 14px}
#panel[hidden]{display:none}
#panel h2{font-size:15px;margin:0 0 4px;word-break:break-all}
#panel h3{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:14px 0 4px}
#panel .path{color:var(--muted);word-break:break-all}
#panel ul{list-style:none;margin:0;padding:0}
#panel li{padding:3px 0;border-bottom:1px solid var(--line)}
#panel .rel{display:inline-block;background:var(--chip);border-radius:4px;padding:0 5px;margin-right:6px;font-size:11px}
#panel .link{color:var(--accent);cursor:pointer;word-break:break-all}
#panel .ev{display:block;font:11px/1.35 ui-monospace,SFMono-Regular,Menlo,monospace;color:var(--muted);margin:2px 0 0 8px;word-break:break-all}
#panel .ev .loc{color:var(--fg)}
#panel .close{float:right}
#panel li.group{font-weight:600;border-bottom:none;padding-top:8px}
.chip{display:inline-block;border-radius:10px;padding:0 7px;font-size:11px;background:var(--chip);margin-right:4px}
#legend{position:absolute;left:10px;bottom:10px;padding:10px 12px;max-width:300px;max-height:45vh;overflow:auto}
#legend h3{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:6px 0 3px}
#legend h3:first-child{margin-top:0}
#legend .row{display:flex;align-items:center;gap:6px;margin:2px 0}
#legend .dot{width:10px;height:10px;border-radius:50%;flex:none}
#legend .bar{width:18px;height:3px;border-radius:2px;flex:none}
#legend button{padding:1px 6px;margin:2px 0;font-size:12px}
#status{position:absolute;left:50%;bottom:10px;transform:translateX(-50%);padding:4px 10px;color:var(--muted)}
#status:empty{display:none}
`;
