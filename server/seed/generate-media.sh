#!/usr/bin/env bash
# -----------------------------------------------------------------------------
# generate-media.sh — regenerates every file in server/seed/media/ used by
# server/seed/demo-exam.json (EPS-TOPIK Mock Test 1).
#
# The generated files are committed; this script is NOT run at install time.
# It exists so the demo media can be reproduced or edited (change a text below
# and re-run). Output is deterministic apart from encoder metadata.
#
# Requirements (Debian/Ubuntu):
#   apt-get install -y espeak-ng sox lame librsvg2-bin fonts-noto-cjk
#   - espeak-ng : Korean speech (voice "ko"; variants ko+m3 = man, ko+f3 = woman)
#   - sox       : joins speech segments with pauses
#   - lame      : MP3 encoding (mono, 22.05 kHz, 24 kbit/s CBR)
#   - rsvg-convert (librsvg2-bin) : SVG -> PNG for the pictures and signs
#   - Noto Sans CJK KR font : Korean text on the safety signs
#
# Usage:  bash server/seed/generate-media.sh      (from any directory)
#
# Naming:
#   qNN.mp3      main audio of listening question NN (21-40)
#   qNN_K.mp3    spoken option K (1-4) of question NN (option_type "listening"
#                or "listeningandtext")
#   img_*.png    simple drawings of objects (200x200)
#   sign_*.png   workplace safety signs with Korean text (200x200)
# -----------------------------------------------------------------------------
set -euo pipefail

OUT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/media"
mkdir -p "$OUT"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

RATE=22050
SPEED=140
sox -n -r $RATE -c 1 -b 16 "$TMP/pause.wav" trim 0 0.45
sox -n -r $RATE -c 1 -b 16 "$TMP/edge.wav" trim 0 0.25

# say OUT.mp3 "SPEAKER:text" ...
#   SPEAKER: N = narrator (ko), M = man (ko+m3), F = woman (ko+f3)
#   Segments are joined with a short pause; 0.25 s of silence at both ends.
say() {
  local out="$1"; shift
  local parts=("$TMP/edge.wav") i=0 seg spk text voice
  for seg in "$@"; do
    spk="${seg%%:*}"; text="${seg#*:}"
    case "$spk" in
      M) voice="ko+m3" ;;
      F) voice="ko+f3" ;;
      *) voice="ko" ;;
    esac
    i=$((i + 1))
    espeak-ng -v "$voice" -s "$SPEED" -w "$TMP/seg$i.wav" "$text"
    sox "$TMP/seg$i.wav" -r $RATE -c 1 -b 16 "$TMP/segn$i.wav"
    [ $i -gt 1 ] && parts+=("$TMP/pause.wav")
    parts+=("$TMP/segn$i.wav")
  done
  parts+=("$TMP/edge.wav")
  sox "${parts[@]}" "$TMP/all.wav"
  lame --quiet -m m -b 24 --resample 22.05 "$TMP/all.wav" "$OUT/$out"
  rm -f "$TMP"/seg*.wav "$TMP/all.wav"
}

# svg NAME  (SVG body on stdin) -> $OUT/NAME.png
svg() {
  cat > "$TMP/$1.svg"
  rsvg-convert -f png -o "$OUT/$1.png" "$TMP/$1.svg"
}

HEAD='<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="#ffffff"/>'
FONT='font-family="Noto Sans CJK KR, Noto Sans CJK, sans-serif" font-weight="bold"'

# ============================ AUDIO ==========================================

# Q21 (image options: apple, book, cup, key) — answer: key
say q21.mp3 "N:열쇠"
# Q22 (image options: safety signs) — answer: slippery-floor sign
say q22.mp3 "N:바닥이 미끄러우니까 조심하세요."
# Q23 (text) — answer 공장
say q23.mp3 "N:공장"
# Q24 (text) — answer 출근
say q24.mp3 "N:출근"
# Q25 (listening options) — question + four spoken answers
say q25.mp3   "M:이름이 뭐예요?"
say q25_1.mp3 "F:스물다섯 살이에요."
say q25_2.mp3 "F:베트남에서 왔어요."
say q25_3.mp3 "F:저는 아민이에요."
say q25_4.mp3 "F:공장에서 일해요."
# Q26 (text)
say q26.mp3 "F:어디가 아파요?"
# Q27 (listening options)
say q27.mp3   "F:한국에 온 지 얼마나 됐어요?"
say q27_1.mp3 "M:지하철을 타고 왔어요."
say q27_2.mp3 "M:한국 음식을 좋아해요."
say q27_3.mp3 "M:어제 만났어요."
say q27_4.mp3 "M:일 년쯤 됐어요."
# Q28 (text) — place: hospital
say q28.mp3 "F:어떻게 오셨어요?" "M:일하다가 손을 다쳐서 왔어요." "F:여기 앉으세요. 의사 선생님이 곧 오실 거예요."
# Q29 (samelistening) — the audio reads the question and all four options
say q29.mp3 "F:주말에 뭐 했어요?" \
  "N:일 번. 내일 만날 거예요." "N:이 번. 지금 가고 있어요." \
  "N:삼 번. 친구를 만났어요." "N:사 번. 만나고 싶어요."
# Q30 (text) — topic: weather
say q30.mp3 "M:요즘 날씨가 너무 덥지요?" "F:네, 그런데 내일은 비가 온대요."
# Q31 (text)
say q31.mp3 "F:민수 씨, 이 상자를 창고로 옮겨 주세요." "M:네, 알겠습니다. 지금 바로 옮기겠습니다."
# Q32 (text)
say q32.mp3 "F:반장님, 저 미나예요. 버스를 놓쳐서 삼십 분쯤 늦을 것 같아요." "M:알겠어요. 조심해서 오세요."
# Q33 (listeningandtext) — fruit; answer 포도
say q33.mp3 "M:어서 오세요. 뭘 드릴까요?" "F:사과는 좀 비싸네요. 포도 두 송이 주세요."
say q33_1.mp3 "N:사과"
say q33_2.mp3 "N:배"
say q33_3.mp3 "N:포도"
say q33_4.mp3 "N:수박"
# Q34 (text)
say q34.mp3 "M:이번 주 토요일에 특근이 있어요. 할 수 있어요?" "F:토요일에는 친구 결혼식이 있어서 못 해요. 일요일은 괜찮아요."
# Q35 (listeningandtext) — time; answer 오후 2시 30분
say q35.mp3 "M:내일 회의가 몇 시에 있어요?" "F:오후 두 시 반에 있어요."
say q35_1.mp3 "N:오후 한 시 삼십 분"
say q35_2.mp3 "N:오후 두 시 삼십 분"
say q35_3.mp3 "N:오후 세 시 삼십 분"
say q35_4.mp3 "N:오후 두 시"
# Q36 (text) — announcement
say q36.mp3 "N:안내 말씀 드리겠습니다. 오늘 오후 세 시부터 네 시까지 소방 훈련이 있습니다. 경보가 울리면 모두 비상구로 나와서 운동장에 모여 주십시오."
# Q37 (text)
say q37.mp3 "M:장갑이 찢어졌어요. 새 장갑을 받을 수 있어요?" "F:네, 창고에 가서 말하면 줄 거예요."
# Q38 (text)
say q38.mp3 "F:왜 이렇게 걷는 게 불편해 보여요?" "M:어제 무거운 상자를 들다가 허리를 다쳤어요. 그래서 오늘 병원에 가려고요."
# Q39 (text)
say q39.mp3 "M:실례지만, 화장실이 어디에 있어요?"
# Q40 (text) — monologue (spoken a little faster to keep the file under 60 KB)
SPEED=165 say q40.mp3 "F:저는 캄보디아에서 온 소피아입니다. 한국에 온 지 삼 년이 되었습니다. 처음에는 한국말을 잘 못해서 힘들었습니다. 그래서 주말마다 외국인 센터에서 한국어를 배웠습니다. 지금은 동료들과 한국말로 이야기할 수 있습니다."

# ============================ PICTURES =======================================

svg img_umbrella <<EOF
$HEAD
<path d="M20 105 Q100 5 180 105 Q160 92 140 105 Q120 92 100 105 Q80 92 60 105 Q40 92 20 105 Z" fill="#2a7de1" stroke="#174a8c" stroke-width="3" stroke-linejoin="round"/>
<path d="M100 55 Q85 80 60 105 M100 55 Q115 80 140 105" fill="none" stroke="#174a8c" stroke-width="2"/>
<line x1="100" y1="56" x2="100" y2="40" stroke="#333" stroke-width="4" stroke-linecap="round"/>
<path d="M100 103 L100 165 Q100 182 84 182 Q70 182 70 168" fill="none" stroke="#333" stroke-width="7" stroke-linecap="round"/>
</svg>
EOF

svg img_hammer <<EOF
$HEAD
<g transform="rotate(-30 100 100)">
<rect x="91" y="68" width="18" height="118" rx="6" fill="#c07f3e" stroke="#6b4420" stroke-width="3"/>
<rect x="52" y="36" width="78" height="36" rx="3" fill="#8a8f96" stroke="#2f3338" stroke-width="3"/>
<path d="M130 40 L160 30 L166 38 L140 56 L166 72 L160 80 L130 68 Z" fill="#8a8f96" stroke="#2f3338" stroke-width="3" stroke-linejoin="round"/>
</g>
</svg>
EOF

svg img_key <<EOF
$HEAD
<rect x="82" y="91" width="100" height="18" rx="3" fill="#e8b923" stroke="#8a6a0a" stroke-width="3"/>
<rect x="140" y="106" width="13" height="26" fill="#e8b923" stroke="#8a6a0a" stroke-width="3"/>
<rect x="163" y="106" width="13" height="18" fill="#e8b923" stroke="#8a6a0a" stroke-width="3"/>
<circle cx="55" cy="100" r="36" fill="#e8b923" stroke="#8a6a0a" stroke-width="4"/>
<circle cx="48" cy="100" r="12" fill="#ffffff" stroke="#8a6a0a" stroke-width="3"/>
</svg>
EOF

svg img_ladder <<EOF
$HEAD
<line x1="65" y1="15" x2="55" y2="190" stroke="#9a6a34" stroke-width="10" stroke-linecap="round"/>
<line x1="135" y1="15" x2="145" y2="190" stroke="#9a6a34" stroke-width="10" stroke-linecap="round"/>
<g stroke="#c08a4a" stroke-width="8" stroke-linecap="round">
<line x1="64" y1="40" x2="136" y2="40"/><line x1="62" y1="75" x2="138" y2="75"/>
<line x1="60" y1="110" x2="140" y2="110"/><line x1="58" y1="145" x2="142" y2="145"/>
<line x1="57" y1="175" x2="143" y2="175"/>
</g>
</svg>
EOF

svg img_cup <<EOF
$HEAD
<path d="M128 85 Q172 85 168 118 Q164 148 126 146" fill="none" stroke="#b8322a" stroke-width="12"/>
<path d="M45 70 L135 70 L128 160 Q126 172 112 172 L68 172 Q54 172 52 160 Z" fill="#e0453a" stroke="#8c1f18" stroke-width="3" stroke-linejoin="round"/>
<ellipse cx="90" cy="70" rx="45" ry="8" fill="#6b3b1f" stroke="#8c1f18" stroke-width="3"/>
<path d="M75 55 Q65 42 75 30 Q85 18 75 8 M100 55 Q90 42 100 30 Q110 18 100 8" fill="none" stroke="#aaaaaa" stroke-width="4" stroke-linecap="round"/>
</svg>
EOF

svg img_clock <<EOF
$HEAD
<circle cx="100" cy="100" r="85" fill="#f4f4f4" stroke="#333" stroke-width="8"/>
<g stroke="#333" stroke-width="5" stroke-linecap="round">
<line x1="100" y1="25" x2="100" y2="40"/><line x1="175" y1="100" x2="160" y2="100"/>
<line x1="100" y1="175" x2="100" y2="160"/><line x1="25" y1="100" x2="40" y2="100"/>
</g>
<g stroke="#333" stroke-width="3" stroke-linecap="round">
<line x1="137" y1="35" x2="133" y2="42"/><line x1="165" y1="63" x2="158" y2="67"/>
<line x1="165" y1="137" x2="158" y2="133"/><line x1="137" y1="165" x2="133" y2="158"/>
<line x1="63" y1="165" x2="67" y2="158"/><line x1="35" y1="137" x2="42" y2="133"/>
<line x1="35" y1="63" x2="42" y2="67"/><line x1="63" y1="35" x2="67" y2="42"/>
</g>
<line x1="100" y1="100" x2="62" y2="78" stroke="#111" stroke-width="8" stroke-linecap="round"/>
<line x1="100" y1="100" x2="146" y2="62" stroke="#111" stroke-width="5" stroke-linecap="round"/>
<circle cx="100" cy="100" r="7" fill="#c62828"/>
</svg>
EOF

svg img_book <<EOF
$HEAD
<path d="M100 55 Q60 35 15 45 L15 165 Q60 155 100 175 Z" fill="#ffffff" stroke="#2d4e8a" stroke-width="4" stroke-linejoin="round"/>
<path d="M100 55 Q140 35 185 45 L185 165 Q140 155 100 175 Z" fill="#ffffff" stroke="#2d4e8a" stroke-width="4" stroke-linejoin="round"/>
<path d="M10 50 L10 172 Q58 162 100 182 Q142 162 190 172 L190 50" fill="none" stroke="#2d4e8a" stroke-width="5" stroke-linejoin="round"/>
<g stroke="#8899bb" stroke-width="3" stroke-linecap="round">
<line x1="30" y1="70" x2="85" y2="76"/><line x1="30" y1="90" x2="85" y2="96"/><line x1="30" y1="110" x2="85" y2="116"/><line x1="30" y1="130" x2="85" y2="136"/>
<line x1="115" y1="76" x2="170" y2="70"/><line x1="115" y1="96" x2="170" y2="90"/><line x1="115" y1="116" x2="170" y2="110"/><line x1="115" y1="136" x2="170" y2="130"/>
</g>
</svg>
EOF

svg img_apple <<EOF
$HEAD
<path d="M100 60 Q70 40 45 60 Q20 85 32 130 Q45 178 80 180 Q92 180 100 174 Q108 180 120 180 Q155 178 168 130 Q180 85 155 60 Q130 40 100 60 Z" fill="#d92b2b" stroke="#7d1212" stroke-width="4" stroke-linejoin="round"/>
<path d="M100 62 Q98 40 110 22" fill="none" stroke="#5b3a1a" stroke-width="6" stroke-linecap="round"/>
<path d="M108 38 Q130 15 158 25 Q140 50 108 38 Z" fill="#3fa34d" stroke="#1f6b2a" stroke-width="3"/>
<ellipse cx="62" cy="95" rx="10" ry="18" fill="#ffffff" opacity="0.45"/>
</svg>
EOF

# ---------------------------- SAFETY SIGNS -----------------------------------
# Prohibition = red ring + slash, mandatory = blue disc, warning = yellow
# triangle, emergency = green panel. Korean caption under each pictogram.

NO_A='<circle cx="100" cy="78" r="62" fill="#ffffff" stroke="#d32f2f" stroke-width="12"/>'
NO_B='<line x1="56" y1="34" x2="144" y2="122" stroke="#d32f2f" stroke-width="12"/>'
caption() { echo "<text x=\"100\" y=\"186\" text-anchor=\"middle\" font-size=\"30\" $FONT fill=\"${2:-#111}\">$1</text>"; }

svg sign_nosmoking <<EOF
$HEAD
$NO_A
<rect x="52" y="76" width="70" height="14" fill="#f5f5f5" stroke="#222" stroke-width="3"/>
<rect x="122" y="76" width="22" height="14" fill="#e07b24" stroke="#222" stroke-width="3"/>
<path d="M136 68 Q128 56 138 46 Q148 36 140 26" fill="none" stroke="#555" stroke-width="4" stroke-linecap="round"/>
$NO_B
$(caption "금연")
</svg>
EOF

svg sign_noentry <<EOF
$HEAD
$NO_A
<circle cx="100" cy="42" r="11" fill="#222"/>
<g stroke="#222" stroke-width="9" stroke-linecap="round" fill="none">
<line x1="100" y1="56" x2="100" y2="92"/><path d="M78 78 L100 62 L122 78"/><path d="M84 122 L100 92 L116 122"/>
</g>
$NO_B
$(caption "출입금지")
</svg>
EOF

svg sign_noparking <<EOF
$HEAD
$NO_A
<text x="100" y="112" text-anchor="middle" font-size="92" $FONT fill="#1a47a8">P</text>
$NO_B
$(caption "주차금지")
</svg>
EOF

svg sign_nofire <<EOF
$HEAD
$NO_A
<path d="M100 30 Q130 62 122 92 Q118 116 100 118 Q80 118 76 96 Q72 76 90 60 Q92 78 100 80 Q96 56 100 30 Z" fill="#e64a19" stroke="#222" stroke-width="3" stroke-linejoin="round"/>
$NO_B
$(caption "화기엄금")
</svg>
EOF

svg sign_hardhat <<EOF
$HEAD
<circle cx="100" cy="78" r="68" fill="#1565c0"/>
<path d="M52 98 Q52 40 100 38 Q148 40 148 98 Z" fill="#ffffff"/>
<rect x="40" y="96" width="120" height="14" rx="6" fill="#ffffff"/>
<rect x="94" y="36" width="12" height="62" fill="#1565c0" opacity="0.35"/>
$(caption "안전모 착용" "#0d3c7a")
</svg>
EOF

svg sign_goggles <<EOF
$HEAD
<circle cx="100" cy="78" r="68" fill="#1565c0"/>
<path d="M36 72 Q100 58 164 72" fill="none" stroke="#ffffff" stroke-width="8"/>
<ellipse cx="74" cy="82" rx="24" ry="18" fill="#ffffff"/><ellipse cx="126" cy="82" rx="24" ry="18" fill="#ffffff"/>
<ellipse cx="74" cy="82" rx="14" ry="9" fill="#1565c0"/><ellipse cx="126" cy="82" rx="14" ry="9" fill="#1565c0"/>
<rect x="94" y="76" width="12" height="8" fill="#ffffff"/>
$(caption "보안경 착용" "#0d3c7a")
</svg>
EOF

svg sign_slippery <<EOF
$HEAD
<path d="M100 10 L182 146 L18 146 Z" fill="#ffd600" stroke="#111" stroke-width="8" stroke-linejoin="round"/>
<circle cx="92" cy="58" r="8" fill="#111"/>
<g stroke="#111" stroke-width="7" stroke-linecap="round" fill="none">
<path d="M95 68 L108 98"/><path d="M80 78 L98 74 L120 68"/><path d="M108 98 L132 108"/><path d="M108 98 L88 112 L76 108"/>
</g>
<path d="M50 128 Q62 120 74 128 T98 128 T122 128 T146 128" fill="none" stroke="#111" stroke-width="4"/>
$(caption "미끄럼 주의")
</svg>
EOF

svg sign_exit <<EOF
$HEAD
<rect x="8" y="10" width="184" height="136" rx="10" fill="#2e7d32"/>
<rect x="18" y="20" width="70" height="116" fill="#ffffff"/>
<rect x="28" y="30" width="50" height="106" fill="#2e7d32" opacity="0.25"/>
<circle cx="120" cy="42" r="10" fill="#ffffff"/>
<g stroke="#ffffff" stroke-width="9" stroke-linecap="round" fill="none">
<path d="M116 56 L106 88"/><path d="M96 66 L116 56 L134 72"/><path d="M106 88 L126 104 L122 126"/><path d="M106 88 L94 110 L76 112"/>
</g>
<path d="M142 94 L176 94 M164 82 L178 94 L164 106" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
$(caption "비상구" "#1b5e20")
</svg>
EOF

echo "Generated $(ls "$OUT" | wc -l) files in $OUT ($(du -sh "$OUT" | cut -f1))"
