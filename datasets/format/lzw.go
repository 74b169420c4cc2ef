package format

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// Unlzw decompresses the Unix compress (.Z) format: the magic 1f 9d, a flags
// byte (low 5 bits: the largest code width, 9-16; 0x80: block mode, where
// code 256 clears the table), then LZW codes packed least-significant bit
// first, starting 9 bits wide. Go's compress/lzw does not read this format:
// compress reads codes in groups of eight, and when the width changes (the
// table outgrows it, or a clear code resets it to 9) the rest of the current
// group is padding. At most limit bytes are written to w.
func Unlzw(in []byte, w io.Writer, limit int64) error {
	if len(in) < 3 || in[0] != 0x1f || in[1] != 0x9d {
		return errors.New("unlzw: not Unix compress data (no 1f 9d magic)")
	}
	flags := in[2]
	maxbits := int(flags & 0x1f)
	block := flags&0x80 != 0
	if flags&0x60 != 0 || maxbits < 9 || maxbits > 16 {
		return fmt.Errorf("unlzw: unsupported flags 0x%02x", flags)
	}
	data := in[3:]
	totalBits := int64(len(data)) * 8
	maxmax := 1 << maxbits
	var (
		prefix  = make([]uint16, maxmax)
		suffix  = make([]byte, maxmax)
		stack   = make([]byte, 0, 1<<12)
		nbits   = 9
		maxcode = 1<<nbits - 1
		free    = 256
		oldcode = -1
		finchar byte
		origin  int64 // bit position where the current code width began
		pos     int64
		written int64
	)
	for c := range 256 {
		suffix[c] = byte(c)
	}
	if block {
		free = 257
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	// align skips the rest of the current group of eight codes.
	align := func() {
		g := int64(nbits) * 8
		if r := (pos - origin) % g; r != 0 {
			pos += g - r
		}
		origin = pos
	}
	for {
		if free > maxcode {
			align()
			nbits++
			if nbits == maxbits {
				maxcode = maxmax
			} else {
				maxcode = 1<<nbits - 1
			}
		}
		if pos+int64(nbits) > totalBits {
			break
		}
		b := pos >> 3
		v := uint32(data[b])
		if b+1 < int64(len(data)) {
			v |= uint32(data[b+1]) << 8
		}
		if b+2 < int64(len(data)) {
			v |= uint32(data[b+2]) << 16
		}
		code := int(v>>(pos&7)) & (1<<nbits - 1)
		pos += int64(nbits)
		if oldcode < 0 {
			if code >= 256 {
				return fmt.Errorf("unlzw: first code %d is not a literal", code)
			}
			finchar = byte(code)
			oldcode = code
			if written++; written > limit {
				return fmt.Errorf("unlzw: output exceeds %d bytes", limit)
			}
			bw.WriteByte(finchar)
			continue
		}
		if code == 256 && block {
			align()
			free = 256 // the next code's entry lands on the unused slot 256
			nbits, maxcode = 9, 1<<9-1
			continue
		}
		incode := code
		stack = stack[:0]
		if code >= free {
			if code > free {
				return fmt.Errorf("unlzw: corrupt input (code %d, next free %d)", code, free)
			}
			stack = append(stack, finchar)
			code = oldcode
		}
		for code >= 256 { // prefixes strictly decrease, so this ends
			stack = append(stack, suffix[code])
			code = int(prefix[code])
		}
		finchar = suffix[code]
		stack = append(stack, finchar)
		if written += int64(len(stack)); written > limit {
			return fmt.Errorf("unlzw: output exceeds %d bytes", limit)
		}
		for i := len(stack) - 1; i >= 0; i-- {
			bw.WriteByte(stack[i])
		}
		if free < maxmax {
			prefix[free] = uint16(oldcode)
			suffix[free] = finchar
			free++
		}
		oldcode = incode
	}
	return bw.Flush()
}
